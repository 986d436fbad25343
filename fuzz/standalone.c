/* SPDX-License-Identifier: MIT */
/* standalone.c - replay inputs through a fuzz target without a fuzzing
 * engine (gcc is enough): every file named, and every file of every
 * directory named (sorted, not recursive), is passed once to
 * LLVMFuzzerTestOneInput.  A broken invariant aborts, as under libFuzzer.
 *
 * A target with its own mutator (LLVMFuzzerCustomMutator, and
 * LLVMFuzzerCustomCrossOver) has that code run too, since it is code of
 * ours that only fuzzing reaches: each input is also mutated with -m
 * seeds (default 4) and crossed with the input before it, and every result
 * is passed to the target.  The seeds come from the input's bytes, so an
 * input saved in fuzz/regressions/ replays the same mutations under any
 * name.
 *
 *   fuzz-decode-replay [-q] [-m N] FILE|DIR...
 *
 * Prints "N inputs" (and ", M mutants") at the end; exits 0, or 2 on an
 * unreadable argument. */
#include <dirent.h>
#include <stdint.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv) __attribute__((weak));
size_t LLVMFuzzerCustomMutator(uint8_t *data, size_t size, size_t max_size, unsigned int seed)
    __attribute__((weak));
size_t LLVMFuzzerCustomCrossOver(const uint8_t *data1, size_t size1, const uint8_t *data2,
                                 size_t size2, uint8_t *out, size_t max_out_size,
                                 unsigned int seed) __attribute__((weak));

#define MUTANT_MAX 65536 /* the largest -max_len of the .options files */

static int quiet;
static unsigned long count, mutants, seeds_per_input = 4;
static uint8_t *prev; /* the previous input, for crossover */
static size_t prev_len;

/* The target on exactly n bytes of a mutator's output (a copy of that
 * size, so that a read past it is a heap overflow). */
static void run_mutant(const uint8_t *data, size_t n) {
  uint8_t *copy = malloc(n ? n : 1);
  if (!copy)
    return;
  if (n)
    memcpy(copy, data, n);
  LLVMFuzzerTestOneInput(copy, n);
  free(copy);
  mutants++;
}

static void mutate(const uint8_t *data, size_t n) {
  static uint8_t work[MUTANT_MAX];
  uint32_t h = 2166136261u; /* FNV-1a of the input: the seeds */
  unsigned long k;
  size_t i;
  if (!LLVMFuzzerCustomMutator || n > MUTANT_MAX)
    return;
  for (i = 0; i < n; i++)
    h = (h ^ data[i]) * 16777619u;
  for (k = 0; k < seeds_per_input; k++) {
    if (n)
      memcpy(work, data, n);
    run_mutant(work, LLVMFuzzerCustomMutator(work, n, MUTANT_MAX, h + (unsigned)k));
  }
  if (LLVMFuzzerCustomCrossOver && prev && seeds_per_input)
    run_mutant(work, LLVMFuzzerCustomCrossOver(prev, prev_len, data, n, work, MUTANT_MAX, h));
  free(prev);
  prev = malloc(n ? n : 1);
  prev_len = prev ? n : 0;
  if (prev && n)
    memcpy(prev, data, n);
}

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
  mutate(buf, (size_t)n);
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
  if (n) /* an empty directory: no array at all, and qsort wants one */
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
  static const struct option no_long_options[] = {{NULL, 0, NULL, 0}};
  int i, c, rc = 0;
  if (LLVMFuzzerInitialize)
    LLVMFuzzerInitialize(&argc, &argv);
  /* -q: quiet; -m N: mutants per input (a custom mutator's); the rest are
   * files and directories to run. */
  while ((c = getopt_long(argc, argv, "qm:", no_long_options, NULL)) != -1) {
    if (c == 'q')
      quiet = 1;
    else if (c == 'm')
      seeds_per_input = strtoul(optarg, NULL, 10);
    else {
      fprintf(stderr, "usage: %s [-q] [-m N] FILE|DIR...\n", argv[0]);
      return 2;
    }
  }
  for (i = optind; i < argc; i++)
    if (run_path(argv[i]) != 0)
      rc = 2;
  free(prev);
  if (LLVMFuzzerCustomMutator)
    printf("%lu inputs, %lu mutants\n", count, mutants);
  else
    printf("%lu inputs\n", count);
  return rc;
}
