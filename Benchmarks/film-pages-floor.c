/*
 * The system calls a rebuild must make, at least, to give every film page new bytes: for each
 * film page of a built site, its file read (open, read, close), and the file at the same place
 * of a second tree, a hard link to it, replaced by a new file with those bytes (unlink, then
 * open with O_CREAT | O_EXCL, write, close). That is what a rebuild that patches every film page
 * does when its staged tree shares the live site's files, as the tree FilmSite stages into does
 * after a build that changed little (docs/PERFORMANCE.md).
 *
 * Usage: film-pages-floor FILMS LINKS [THREADS]
 *
 * FILMS is a built site's `films` folder; LINKS a copy of it made of hard links (`cp -al`), made
 * before the run. Each folder of FILMS holds an `index.html` of at most 1 MiB. The folders are
 * listed before the clock starts; with THREADS = 2 (the default) each thread takes half of them.
 *
 * Prints the files and the wall, user and system seconds of the reading and writing alone:
 * `files=… wall=… user=… sys=…`. Exits non-zero on any failed call.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

static char **names;
static size_t count;
static const char *films;
static const char *links;

struct half {
  size_t first, end;
  int failed;
};

static double seconds(struct timeval value) { return value.tv_sec + value.tv_usec / 1e6; }

static void *work(void *argument) {
  struct half *half = argument;
  static __thread char bytes[1 << 20];
  char from[4096], to[4096];
  for (size_t index = half->first; index < half->end; index++) {
    snprintf(from, sizeof from, "%s/%s/index.html", films, names[index]);
    snprintf(to, sizeof to, "%s/%s/index.html", links, names[index]);
    int source = open(from, O_RDONLY);
    if (source < 0) goto failed;
    ssize_t size = read(source, bytes, sizeof bytes);
    close(source);
    if (size < 0 || unlink(to) != 0) goto failed;
    int target = open(to, O_WRONLY | O_CREAT | O_EXCL, 0644);
    if (target < 0) goto failed;
    ssize_t written = write(target, bytes, (size_t)size);
    close(target);
    if (written != size) goto failed;
    continue;
  failed:
    perror(from);
    half->failed = 1;
    return NULL;
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: film-pages-floor FILMS LINKS [THREADS]\n");
    return 2;
  }
  films = argv[1];
  links = argv[2];
  int threads = argc > 3 ? atoi(argv[3]) : 2;
  if (threads < 1 || threads > 2) threads = 2;
  DIR *folder = opendir(films);
  if (!folder) {
    perror(films);
    return 1;
  }
  size_t capacity = 1024;
  names = malloc(capacity * sizeof *names);
  for (struct dirent *entry; (entry = readdir(folder));) {
    if (entry->d_name[0] == '.') continue;
    if (count == capacity) names = realloc(names, (capacity *= 2) * sizeof *names);
    names[count++] = strdup(entry->d_name);
  }
  closedir(folder);

  struct timespec start, end;
  struct rusage before, after;
  getrusage(RUSAGE_SELF, &before);
  clock_gettime(CLOCK_MONOTONIC, &start);
  struct half halves[2] = {{0, count / (size_t)threads, 0}, {count / (size_t)threads, count, 0}};
  pthread_t ids[2];
  for (int index = 0; index < threads; index++) {
    if (threads == 1) halves[0].end = count;
    pthread_create(&ids[index], NULL, work, &halves[index]);
  }
  for (int index = 0; index < threads; index++) pthread_join(ids[index], NULL);
  clock_gettime(CLOCK_MONOTONIC, &end);
  getrusage(RUSAGE_SELF, &after);
  if (halves[0].failed || halves[1].failed) return 1;
  printf("files=%zu wall=%.3f user=%.3f sys=%.3f\n", count,
         (end.tv_sec - start.tv_sec) + (end.tv_nsec - start.tv_nsec) / 1e9,
         seconds(after.ru_utime) - seconds(before.ru_utime),
         seconds(after.ru_stime) - seconds(before.ru_stime));
  return 0;
}
