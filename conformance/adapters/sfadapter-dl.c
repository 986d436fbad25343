/* SPDX-License-Identifier: MIT */
/* sfadapter-dl - the driver for the library form of the adapter protocol
 * (conformance/PROTOCOL.md, conformance/include/sframe_adapter.h):
 *
 *   sfadapter-dl LIB.so capabilities | decode SECTION VMA |
 *                lookup SECTION VMA PC... | unwind SECTION VMA SNAPSHOT |
 *                serve
 *
 * loads LIB.so with dlopen and speaks the executable form for it.  A
 * command the library does not export is reported as unsupported (exit 2).
 * `serve` (sfa_serve.h) answers many commands with the library loaded
 * once: the runner serves every library this way. */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "adapter_cli.h"
#include "sfa_serve.h"
#include "sfc_tools.h"
#include "sframe_adapter.h"

typedef const char *(*caps_fn)(void);
typedef int (*decode_fn)(const uint8_t *, size_t, uint64_t, FILE *, FILE *);
typedef int (*lookup_fn)(const uint8_t *, size_t, uint64_t, const uint64_t *, size_t, FILE *,
                         FILE *);
typedef int (*unwind_fn)(const uint8_t *, size_t, uint64_t, const char *, FILE *, FILE *);

/* dlsym returns an object pointer; the conversion to a function pointer
 * goes through memcpy (ISO C has no cast between the two). */
static int sym(void *lib, const char *name, void *fn, size_t size) {
  void *p = dlsym(lib, name);
  if (!p)
    return 0;
  memcpy(fn, &p, size);
  return 1;
}

/* The library, loaded once (a serving driver runs many commands on it). */
static void *lib;
static const char *lib_path;

/* One command: argv[1] the command, then its operands. */
static int command(int argc, char **argv) {
  const char *cmd = argc > 1 ? argv[1] : "";
  uint8_t *bytes = NULL;
  size_t len = 0;
  uint64_t vma = 0;
  int rc;

  if (!strcmp(cmd, "capabilities")) {
    caps_fn caps;
    if (!sym(lib, "sfa_capabilities", &caps, sizeof caps)) {
      fprintf(stderr, "sfadapter-dl: %s: no sfa_capabilities\n", lib_path);
      return 2;
    }
    puts(caps());
    return 0;
  }
  if (argc < 4 || !sfc_parse_u64(argv[3], &vma)) {
    fprintf(stderr, "sfadapter-dl: %s: expected SECTION VMA\n", cmd);
    return 2;
  }
  if (sfc_read_file(argv[2], &bytes, &len) != SFC_READ_OK) {
    fprintf(stderr, "sfadapter-dl: %s: cannot read\n", argv[2]);
    return 2;
  }
  if (!strcmp(cmd, "decode") && argc == 4) {
    decode_fn fn;
    rc = sym(lib, "sfa_decode", &fn, sizeof fn) ? fn(bytes, len, vma, stdout, stderr) : 2;
  } else if (!strcmp(cmd, "lookup")) {
    lookup_fn fn = NULL;
    uint64_t *pcs = calloc((size_t)argc, sizeof *pcs);
    int i;
    rc = pcs && sym(lib, "sfa_lookup", &fn, sizeof fn) ? 0 : 2;
    for (i = 4; rc == 0 && i < argc; i++)
      if (!sfc_parse_u64(argv[i], &pcs[i - 4]))
        rc = 2;
    if (rc == 0)
      rc = fn(bytes, len, vma, pcs, (size_t)(argc - 4), stdout, stderr);
    free(pcs);
  } else if (!strcmp(cmd, "unwind") && argc == 5) {
    unwind_fn fn;
    rc = sym(lib, "sfa_unwind", &fn, sizeof fn) ? fn(bytes, len, vma, argv[4], stdout, stderr) : 2;
  } else {
    fprintf(stderr, "sfadapter-dl: unknown command or arguments: %s\n", cmd);
    rc = 2;
  }
  free(bytes);
  fflush(stdout);
  return rc == 0 || rc == 1 ? rc : 2;
}

int main(int argc, char **argv) {
  int first = sfa_first_operand(argc, argv);

  if (first > 1) { /* the operands as argv[1]... */
    argc -= first - 1;
    argv += first - 1;
  }
  if (first < 0 || argc < 3) {
    fprintf(stderr, "usage: sfadapter-dl LIB.so COMMAND ARGS...\n"
                    "       sfadapter-dl LIB.so serve\n");
    return 2;
  }
  lib_path = argv[1];
  if (!(lib = dlopen(lib_path, RTLD_NOW | RTLD_LOCAL))) {
    fprintf(stderr, "sfadapter-dl: %s\n", dlerror());
    return 2;
  }
  /* Without LIB.so: argv[1] the command (or `serve`). */
  argv[1] = argv[0];
  return sfa_main("sfadapter-dl", argc - 1, argv + 1, command, NULL, 1);
}
