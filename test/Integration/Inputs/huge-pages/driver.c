/* Calls allocate() (allocate.mlir after advise-huge-pages) for buffers of
 * several sizes and reports, from /proc/self/smaps, which bytes of each are
 * in a mapping the kernel flags "hg" (advised to transparent huge pages),
 * and how many mappings of the process carry the flag. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *allocate(int64_t bytes);

/* How many bytes of [low, high) lie in mappings flagged hg, and how many
 * mappings are. */
static void flagged(uintptr_t low, uintptr_t high, uint64_t *bytes, int *mappings) {
  FILE *smaps = fopen("/proc/self/smaps", "r");
  char line[1024];
  unsigned long start = 0, end = 0;
  *bytes = 0;
  *mappings = 0;
  while (smaps && fgets(line, sizeof line, smaps)) {
    unsigned long a, b;
    char dash;
    if (sscanf(line, "%lx%c%lx ", &a, &dash, &b) == 3 && dash == '-') {
      start = a;
      end = b;
    } else if (!strncmp(line, "VmFlags:", 8) && strstr(line, " hg")) {
      ++*mappings;
      uintptr_t from = start > low ? start : low, to = end < high ? end : high;
      if (from < to)
        *bytes += to - from;
    }
  }
  if (smaps)
    fclose(smaps);
}

static void report(const char *what, int64_t size) {
  char *buffer = allocate(size);
  uint64_t bytes;
  int mappings;
  uintptr_t low = (uintptr_t)buffer, huge = 2u << 20;
  flagged(low, low + (buffer ? (uintptr_t)size : 0), &bytes, &mappings);
  /* The 2 MiB stretches inside the buffer are what the helper advises. */
  uintptr_t first = (low + huge - 1) / huge * huge, past = (low + (uintptr_t)size) / huge * huge;
  uint64_t expected = buffer && size >= (4 << 20) ? past - first : 0;
  printf("%s: %s, %d mappings flagged\n", what, bytes == expected ? "advised as expected" : "advised otherwise", mappings);
  if (bytes != expected)
    printf("  %llu bytes flagged, %llu expected\n", (unsigned long long)bytes, (unsigned long long)expected);
}

/* With an argument, one allocation that fails: "negative" (a size that does
 * not fit i64 as a size_t) or "huge" (2^60 bytes, a null buffer); the helper
 * then stops the program. */
int main(int argc, char **argv) {
  if (argc > 1) {
    report(argv[1], strcmp(argv[1], "negative") ? 1LL << 60 : -64);
    return 0;
  }
  report("3 MiB", 3 << 20);
  report("4 MiB", 4 << 20);
  report("9 MiB and 5 bytes", (9 << 20) + 5);
  return 0;
}
