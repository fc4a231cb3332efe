/*
 * The file-system floor: writes a site's files and nothing else.
 *
 * Usage: floor LISTING BLOB OUTDIR [THREADS]
 *
 * LISTING has one line per entry of a built site, in pre-order (a folder before everything in
 * it): `d PATH` for a folder, `f SIZE PATH` for a file, PATH relative to the site's root. BLOB
 * holds the files' bytes one after another in listing order. Both are read into memory before
 * the clock starts; then OUTDIR (which must not exist) and every folder are created with mkdir,
 * and every file with open, write and close, so OUTDIR ends up holding the same tree with the
 * same bytes. With THREADS = 2 the entries are split in two halves at a second-level folder
 * (the top-level folders are created first), each written by its own thread.
 *
 * Prints the wall, user and system seconds of the writing alone: `wall=… user=… sys=…`.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

struct entry {
  int is_dir;
  size_t size;
  const char *path;
  const char *bytes;
};

struct range {
  int root;
  const struct entry *first;
  const struct entry *end;
};

static void fail(const char *what, const char *path) {
  fprintf(stderr, "floor: %s %s: %s\n", what, path, strerror(errno));
  exit(1);
}

static char *read_whole(const char *path, size_t *length) {
  int fd = open(path, O_RDONLY);
  struct stat info;
  if (fd < 0 || fstat(fd, &info) != 0) fail("cannot open", path);
  char *buffer = malloc((size_t)info.st_size + 1);
  if (buffer == NULL) fail("out of memory reading", path);
  size_t done = 0;
  while (done < (size_t)info.st_size) {
    ssize_t n = read(fd, buffer + done, (size_t)info.st_size - done);
    if (n <= 0) fail("cannot read", path);
    done += (size_t)n;
  }
  close(fd);
  buffer[done] = '\0';
  *length = done;
  return buffer;
}

static int is_top_level(const struct entry *e) { return strchr(e->path, '/') == NULL; }

static void write_entries(const struct range *r) {
  for (const struct entry *e = r->first; e < r->end; e++) {
    if (e->is_dir) {
      if (!is_top_level(e) && mkdirat(r->root, e->path, 0755) != 0) fail("cannot create", e->path);
      continue;
    }
    int fd = openat(r->root, e->path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) fail("cannot create", e->path);
    size_t done = 0;
    while (done < e->size) {
      ssize_t n = write(fd, e->bytes + done, e->size - done);
      if (n < 0) fail("cannot write", e->path);
      done += (size_t)n;
    }
    if (close(fd) != 0) fail("cannot close", e->path);
  }
}

static void *thread_main(void *argument) {
  write_entries(argument);
  return NULL;
}

static double seconds(struct timeval t) { return (double)t.tv_sec + (double)t.tv_usec / 1e6; }

int main(int argc, char **argv) {
  if (argc < 4 || argc > 5) {
    fprintf(stderr, "usage: floor LISTING BLOB OUTDIR [THREADS]\n");
    return 64;
  }
  int threads = argc == 5 ? atoi(argv[4]) : 1;
  if (threads != 1 && threads != 2) {
    fprintf(stderr, "floor: THREADS must be 1 or 2\n");
    return 64;
  }
  size_t listing_length, blob_length;
  char *listing = read_whole(argv[1], &listing_length);
  const char *blob = read_whole(argv[2], &blob_length);

  size_t count = 0;
  for (size_t i = 0; i < listing_length; i++) count += listing[i] == '\n';
  struct entry *entries = calloc(count, sizeof *entries);
  if (entries == NULL) fail("out of memory reading", argv[1]);
  size_t offset = 0, files = 0;
  char *line = listing;
  for (size_t i = 0; i < count; i++) {
    char *newline = strchr(line, '\n');
    *newline = '\0';
    struct entry *e = &entries[i];
    if (line[0] == 'd' && line[1] == ' ') {
      e->is_dir = 1;
      e->path = line + 2;
    } else if (line[0] == 'f' && line[1] == ' ') {
      char *after;
      e->size = strtoull(line + 2, &after, 10);
      e->path = after + 1;
      e->bytes = blob + offset;
      offset += e->size;
      files++;
    } else {
      fprintf(stderr, "floor: %s: line %zu is not `d PATH` or `f SIZE PATH`\n", argv[1], i + 1);
      return 1;
    }
    line = newline + 1;
  }
  if (offset != blob_length) {
    fprintf(stderr, "floor: the listing's sizes add up to %zu bytes, the blob has %zu\n", offset,
            blob_length);
    return 1;
  }

  struct timespec start, end;
  struct rusage before, after;
  getrusage(RUSAGE_SELF, &before);
  clock_gettime(CLOCK_MONOTONIC, &start);

  if (mkdir(argv[3], 0755) != 0) fail("cannot create", argv[3]);
  int root = open(argv[3], O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (root < 0) fail("cannot open", argv[3]);
  for (size_t i = 0; i < count; i++) {
    if (entries[i].is_dir && is_top_level(&entries[i]) && mkdirat(root, entries[i].path, 0755) != 0)
      fail("cannot create", entries[i].path);
  }
  struct range whole = {root, entries, entries + count};
  if (threads == 1) {
    write_entries(&whole);
  } else {
    /* Split at the first second-level folder past half the files, so a folder is never
       written by one thread while the other creates it. */
    size_t seen = 0, split = count;
    for (size_t i = 0; i < count; i++) {
      if (!entries[i].is_dir) seen++;
      else if (seen >= files / 2 && strchr(entries[i].path, '/') != NULL &&
               strchr(strchr(entries[i].path, '/') + 1, '/') == NULL) {
        split = i;
        break;
      }
    }
    struct range halves[2] = {{root, entries, entries + split}, {root, entries + split, entries + count}};
    pthread_t second;
    if (pthread_create(&second, NULL, thread_main, &halves[1]) != 0) {
      fprintf(stderr, "floor: cannot start a thread\n");
      return 1;
    }
    write_entries(&halves[0]);
    pthread_join(second, NULL);
  }
  close(root);

  clock_gettime(CLOCK_MONOTONIC, &end);
  getrusage(RUSAGE_SELF, &after);
  printf("wall=%.4f user=%.4f sys=%.4f\n",
         (double)(end.tv_sec - start.tv_sec) + (double)(end.tv_nsec - start.tv_nsec) / 1e9,
         seconds(after.ru_utime) - seconds(before.ru_utime),
         seconds(after.ru_stime) - seconds(before.ru_stime));
  return 0;
}
