/* standalone.c - replay inputs through a fuzz target without a fuzzing
 * engine (gcc is enough): every file named, and every file of every
 * directory named (sorted, not recursive), is passed once to
 * LLVMFuzzerTestOneInput.  A broken invariant aborts, as under libFuzzer.
 *
 *   fuzz-decode-replay [-q] FILE|DIR...
 *
 * Prints "N inputs" at the end; exits 0, or 2 on an unreadable argument. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));

static int quiet;
static unsigned long count;

static int run_file(const char *path) {
  FILE *f = fopen(path, "rb");
  uint8_t *buf;
  long n;
  if (!f || fseek(f, 0, SEEK_END) != 0 || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET) != 0) {
    fprintf(stderr, "replay: %s: cannot read\n", path);
    if (f)
      fclose(f);
    return -1;
  }
  /* Exactly n bytes, so that a read past the input is a heap overflow. */
  buf = malloc(n ? (size_t)n : 1);
  if (!buf || fread(buf, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "replay: %s: cannot read\n", path);
    free(buf);
    fclose(f);
    return -1;
  }
  fclose(f);
  if (!quiet)
    fprintf(stderr, "replay: %s (%ld bytes)\n", path, n);
  LLVMFuzzerTestOneInput(buf, (size_t)n);
  free(buf);
  count++;
  return 0;
}

static int cmp(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static int run_path(const char *path) {
  struct stat st;
  DIR *d;
  struct dirent *e;
  char **names = NULL;
  size_t n = 0, cap = 0, i;
  int rc = 0;
  if (stat(path, &st) != 0) {
    fprintf(stderr, "replay: %s: no such file or directory\n", path);
    return -1;
  }
  if (!S_ISDIR(st.st_mode))
    return run_file(path);
  if (!(d = opendir(path)))
    return -1;
  while ((e = readdir(d))) {
    char *full;
    size_t len = strlen(path) + strlen(e->d_name) + 2;
    if (e->d_name[0] == '.')
      continue;
    if (n == cap) {
      char **nn = realloc(names, (cap = cap ? 2 * cap : 256) * sizeof *names);
      if (!nn)
        break;
      names = nn;
    }
    if (!(full = malloc(len)))
      break;
    snprintf(full, len, "%s/%s", path, e->d_name);
    names[n++] = full;
  }
  closedir(d);
  qsort(names, n, sizeof *names, cmp);
  for (i = 0; i < n; i++) {
    if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode) && run_file(names[i]) != 0)
      rc = -1;
    free(names[i]);
  }
  free(names);
  return rc;
}

int main(int argc, char **argv) {
  int i, rc = 0;
  if (LLVMFuzzerInitialize)
    LLVMFuzzerInitialize(&argc, &argv);
  for (i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "-q")) {
      quiet = 1;
      continue;
    }
    if (run_path(argv[i]) != 0)
      rc = 2;
  }
  printf("%lu inputs\n", count);
  return rc;
}
