/* SPDX-License-Identifier: MIT */
/* broken-lib.c - a library-form adapter (conformance/include/sframe_adapter.h)
 * that misbehaves on purpose, for runner.bats: the example adapter's
 * answers (conformance/examples/example-adapter.c, included below), except
 * for the sections named in $SFA_BROKEN_PLAN, "LEN=ACTION,..." (a section
 * is named by its length in bytes):
 *
 *   crash    dies of SIGSEGV
 *   hang     never returns
 *   exit     calls exit(5)
 *   arm      answers, and makes the next decode in the same process die
 *   poison   answers, and makes every later decode in the same process
 *            reject the section ("finding: poisoned")
 *
 * arm and poison change nothing when each command has a process of its own;
 * a serving process (PROTOCOL.md, `serve`) carries them to later cases,
 * which the runner must then decide again in processes of their own. */
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define sfa_capabilities example_capabilities
#define sfa_decode example_decode
#define sfa_lookup example_lookup
#include "../examples/example-adapter.c"
#undef sfa_capabilities
#undef sfa_decode
#undef sfa_lookup

static int armed, poisoned;

/* The action the plan gives a section of len bytes, or "". */
static const char *action(size_t len) {
  static char plan[1024];
  const char *env = getenv("SFA_BROKEN_PLAN");
  char *item, *save = NULL;
  if (!env)
    return "";
  snprintf(plan, sizeof plan, "%s", env);
  for (item = strtok_r(plan, ",", &save); item; item = strtok_r(NULL, ",", &save)) {
    char *eq = strchr(item, '=');
    if (eq && strtoull(item, NULL, 10) == len)
      return eq + 1;
  }
  return "";
}

const char *sfa_capabilities(void) { return example_capabilities(); }

int sfa_decode(const uint8_t *sec, size_t len, uint64_t vma, FILE *out, FILE *err) {
  const char *a = action(len);
  if (armed || !strcmp(a, "crash"))
    raise(SIGSEGV);
  if (!strcmp(a, "hang"))
    for (;;)
      pause();
  if (!strcmp(a, "exit"))
    exit(5);
  if (poisoned) {
    fprintf(err, "finding: poisoned\n");
    return 1;
  }
  armed = !strcmp(a, "arm");
  poisoned = !strcmp(a, "poison");
  return example_decode(sec, len, vma, out, err);
}

int sfa_lookup(const uint8_t *sec, size_t len, uint64_t vma, const uint64_t *pcs, size_t npcs,
               FILE *out, FILE *err) {
  return example_lookup(sec, len, vma, pcs, npcs, out, err);
}
