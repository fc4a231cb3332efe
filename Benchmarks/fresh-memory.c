/*
 * What touching memory costs on this machine when the kernel has just freed it, and when it
 * freed it some seconds ago. A virtual machine whose kernel reports free pages to its host
 * (virtio-balloon's free page reporting: `page_reporting`) gives them back to the host a few
 * seconds after they are freed, and the host must supply them again on their next first write.
 *
 * Usage: fresh-memory SECONDS [GIB]
 *
 * Three rounds: map GIB GiB (default 2) of anonymous memory, write one byte of each 4 KiB page,
 * time that, unmap it, and wait SECONDS before the next round. Compare `fresh-memory 0` (the
 * pages freed just before are handed out again) with `fresh-memory 5`. Prints each round's time.
 */
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
  struct timespec time;
  clock_gettime(CLOCK_MONOTONIC, &time);
  return time.tv_sec + time.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: fresh-memory SECONDS [GIB]\n");
    return 2;
  }
  unsigned delay = (unsigned)atoi(argv[1]);
  size_t gib = argc > 2 ? (size_t)atoi(argv[2]) : 2;
  size_t size = gib << 30;
  for (int round = 1; round <= 3; round++) {
    char *memory = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (memory == MAP_FAILED) {
      perror("mmap");
      return 1;
    }
    double start = now();
    for (size_t offset = 0; offset < size; offset += 4096) memory[offset] = 1;
    printf("round %d: %zu GiB touched in %.3f s\n", round, gib, now() - start);
    munmap(memory, size);
    sleep(delay);
  }
  return 0;
}
