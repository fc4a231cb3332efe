/*
 * The floor under a rebuild's look at every file and folder of a built site: one status call
 * (`fstatat`, a symbolic link itself) for each path, relative to the site's folder held open, as
 * `CurrentSite` makes them; or the same calls as `IORING_OP_STATX` requests through an io_uring,
 * 256 at a time, to see whether handing them to the kernel in batches costs less than one system
 * call each (docs/PERFORMANCE.md, forty-fourth session: it costs more here).
 *
 * Usage: stat-floor SITE PATHS MODE [THREADS]
 *
 * SITE is a built site's folder; PATHS a file with one path relative to it on each line, such as
 * `cd SITE && find . -mindepth 1 | sed 's|^\./||' | sort > PATHS`. MODE is `fstatat` or `uring`.
 * The paths are read before the clock starts; with THREADS = 2 (the default) each thread takes
 * half of them, with a descriptor of its own for SITE and, in `uring` mode, a ring of its own.
 *
 * Prints `MODE threads=… paths=… wall=… user=… sys=…`, the seconds of the calls alone. Exits
 * non-zero when a path cannot be looked up or the ring cannot be made.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/io_uring.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { batch = 256, most_threads = 8 };

static char **paths;
static size_t count;
static const char *site;
static int use_uring;

struct part {
  size_t first, end;
  long failed;
};

static double seconds(struct timeval value) { return value.tv_sec + value.tv_usec / 1e6; }

static double now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return time.tv_sec + time.tv_nsec / 1e9;
}

static void with_fstatat(int folder, struct part *part) {
  struct stat status;
  for (size_t index = part->first; index < part->end; index++)
    if (fstatat(folder, paths[index], &status, AT_SYMLINK_NOFOLLOW) != 0) part->failed++;
}

/* The ring's shared memory, as io_uring_setup(2) describes it (no liburing on this machine). */
struct ring {
  int descriptor;
  unsigned *submitted_tail, *submitted, submitted_mask;
  unsigned *completed_head, *completed_tail, completed_mask;
  struct io_uring_sqe *entries;
  struct io_uring_cqe *completions;
};

static int make_ring(struct ring *ring) {
  struct io_uring_params params;
  memset(&params, 0, sizeof params);
  ring->descriptor = (int)syscall(__NR_io_uring_setup, batch, &params);
  if (ring->descriptor < 0) return -1;
  size_t submission_size = params.sq_off.array + params.sq_entries * sizeof(unsigned);
  size_t completion_size = params.cq_off.cqes + params.cq_entries * sizeof(struct io_uring_cqe);
  int flags = MAP_SHARED | MAP_POPULATE;
  char *submission = mmap(NULL, submission_size, PROT_READ | PROT_WRITE, flags, ring->descriptor,
                          IORING_OFF_SQ_RING);
  char *completion = mmap(NULL, completion_size, PROT_READ | PROT_WRITE, flags, ring->descriptor,
                          IORING_OFF_CQ_RING);
  ring->entries = mmap(NULL, params.sq_entries * sizeof(struct io_uring_sqe),
                       PROT_READ | PROT_WRITE, flags, ring->descriptor, IORING_OFF_SQES);
  if (submission == MAP_FAILED || completion == MAP_FAILED || ring->entries == MAP_FAILED)
    return -1;
  ring->submitted_tail = (unsigned *)(submission + params.sq_off.tail);
  ring->submitted = (unsigned *)(submission + params.sq_off.array);
  ring->submitted_mask = *(unsigned *)(submission + params.sq_off.ring_mask);
  ring->completed_head = (unsigned *)(completion + params.cq_off.head);
  ring->completed_tail = (unsigned *)(completion + params.cq_off.tail);
  ring->completed_mask = *(unsigned *)(completion + params.cq_off.ring_mask);
  ring->completions = (struct io_uring_cqe *)(completion + params.cq_off.cqes);
  return 0;
}

static int enter(struct ring *ring, unsigned submit, unsigned wait) {
  return (int)syscall(__NR_io_uring_enter, ring->descriptor, submit, wait,
                      IORING_ENTER_GETEVENTS, NULL, 0);
}

static void with_uring(int folder, struct part *part) {
  struct ring ring;
  if (make_ring(&ring) != 0) {
    perror("io_uring_setup");
    exit(1);
  }
  struct statx *results = malloc(sizeof(struct statx) * batch);
  for (size_t first = part->first; first < part->end; first += batch) {
    unsigned taken = part->end - first < batch ? (unsigned)(part->end - first) : batch;
    unsigned tail = *ring.submitted_tail;
    for (unsigned offset = 0; offset < taken; offset++) {
      unsigned slot = (tail + offset) & ring.submitted_mask;
      struct io_uring_sqe *entry = &ring.entries[slot];
      memset(entry, 0, sizeof *entry);
      entry->opcode = IORING_OP_STATX;
      entry->fd = folder;
      entry->addr = (unsigned long)paths[first + offset];
      entry->len = STATX_BASIC_STATS;
      entry->statx_flags = AT_SYMLINK_NOFOLLOW;
      entry->off = (unsigned long)&results[offset];
      ring.submitted[slot] = slot;
    }
    __atomic_store_n(ring.submitted_tail, tail + taken, __ATOMIC_RELEASE);
    int submitted = enter(&ring, taken, taken);
    if (submitted != (int)taken) {
      if (submitted < 0) perror("io_uring_enter");
      else fprintf(stderr, "io_uring_enter took %d of %u requests\n", submitted, taken);
      exit(1);
    }
    unsigned head = *ring.completed_head, done = 0;
    for (;;) {
      unsigned end = __atomic_load_n(ring.completed_tail, __ATOMIC_ACQUIRE);
      for (; head != end; head++, done++)
        if (ring.completions[head & ring.completed_mask].res < 0) part->failed++;
      /* Handed back before waiting again, so that the kernel counts only what is left. */
      __atomic_store_n(ring.completed_head, head, __ATOMIC_RELEASE);
      if (done == taken) break;
      if (enter(&ring, 0, taken - done) < 0) {
        perror("io_uring_enter");
        exit(1);
      }
    }
  }
  free(results);
  close(ring.descriptor);
}

static void *look(void *argument) {
  struct part *part = argument;
  int folder = open(site, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (folder < 0) {
    perror(site);
    exit(1);
  }
  if (use_uring)
    with_uring(folder, part);
  else
    with_fstatat(folder, part);
  close(folder);
  return NULL;
}

int main(int argc, char **argv) {
  if (argc < 4 || (strcmp(argv[3], "fstatat") != 0 && strcmp(argv[3], "uring") != 0)) {
    fprintf(stderr, "usage: stat-floor SITE PATHS fstatat|uring [THREADS]\n");
    return 2;
  }
  site = argv[1];
  use_uring = strcmp(argv[3], "uring") == 0;
  int threads = argc > 4 ? atoi(argv[4]) : 2;
  if (threads < 1 || threads > most_threads) threads = 2;
  FILE *list = fopen(argv[2], "r");
  if (!list) {
    perror(argv[2]);
    return 1;
  }
  size_t capacity = 1 << 16;
  paths = malloc(capacity * sizeof *paths);
  char line[4096];
  while (fgets(line, sizeof line, list)) {
    line[strcspn(line, "\n")] = 0;
    if (count == capacity) paths = realloc(paths, (capacity *= 2) * sizeof *paths);
    paths[count++] = strdup(line);
  }
  fclose(list);

  pthread_t thread[most_threads];
  struct part part[most_threads];
  struct rusage before, after;
  getrusage(RUSAGE_SELF, &before);
  double start = now();
  for (int index = 0; index < threads; index++) {
    part[index] = (struct part){count * index / threads, count * (index + 1) / threads, 0};
    pthread_create(&thread[index], NULL, look, &part[index]);
  }
  long failed = 0;
  for (int index = 0; index < threads; index++) {
    pthread_join(thread[index], NULL);
    failed += part[index].failed;
  }
  double wall = now() - start;
  getrusage(RUSAGE_SELF, &after);
  printf("%s threads=%d paths=%zu wall=%.3f user=%.3f sys=%.3f\n", argv[3], threads, count, wall,
         seconds(after.ru_utime) - seconds(before.ru_utime),
         seconds(after.ru_stime) - seconds(before.ru_stime));
  if (failed) {
    fprintf(stderr, "%ld paths could not be looked up\n", failed);
    return 1;
  }
  return 0;
}
