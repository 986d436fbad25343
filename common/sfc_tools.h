/* SPDX-License-Identifier: MIT */
/* sfc_tools.h - the small library every tool program of the project shares
 * (sfref, bench, the test programs, the corpus tools, the conformance
 * runner and adapters): whole-file reading, number parsing, error messages.
 *
 * The oracle library (decoder/src) never uses it: it depends on nothing.
 * Built by common/common.mk as $(BUILD)/lib/libsfc_tools.a (SFC_TOOLS_LIB);
 * compile with -Icommon. */
#ifndef SFC_TOOLS_H
#define SFC_TOOLS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/stat.h>

#if defined(__GNUC__)
#define SFC_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SFC_PRINTF(f, a)
#endif

/* ---- outputs ---- */

/* Whether path names something that exists and is not a regular file
 * (/dev/null, a terminal, a FIFO).  A tool that writes its output whole
 * (a temporary file beside it, renamed into place) writes into such a file
 * directly instead: renamed over, /dev/null would become a regular file
 * when the tool runs as root, and every later "> /dev/null" would write
 * into it.  (Inline: the libraries that write outputs, such as sfcfi's,
 * are linked without this one in the fuzz targets.) */
static inline int sfc_not_regular(const char *path) {
  struct stat st;
  return stat(path, &st) == 0 && !S_ISREG(st.st_mode);
}

/* ---- errors: "PROGRAM: message" on stderr ---- */

/* The name error messages start with (default "error" until set; a path's
 * last component is used, so argv[0] may be passed). */
void sfc_set_progname(const char *name);
const char *sfc_progname(void);
/* Prints "PROGRAM: " then the formatted message and a newline to stderr. */
void sfc_error(const char *fmt, ...) SFC_PRINTF(1, 2);
/* sfc_error, then exit(code). */
_Noreturn void sfc_die(int code, const char *fmt, ...) SFC_PRINTF(2, 3);

/* ---- --version ---- */

/* What every tool prints for --version, on stdout: "PROGRAM
 * (sframe-conformance) VERSION" (the release, SFR_VERSION_STRING, written
 * once in sframe_ref.h), then the licenses in one line. */
void sfc_print_version(void);

/* ---- an installed suite's files ---- */

/* The directory of the running program (/proc/self/exe's), into buf: 1,
 * or 0 when it cannot be read. */
int sfc_exe_dir(char *buf, size_t n);
/* The file or directory REL of an installed suite, beside the running
 * program: EXE_DIR/../KIND/sframe-conformance/REL, KIND "share" (the
 * corpus, the tables) or "libexec" (the adapters), as make install lays
 * them out under any prefix (DESTDIR included).  1 with the path in buf
 * when it exists, else 0. */
int sfc_installed(const char *kind, const char *rel, char *buf, size_t n);

/* ---- whole-file reading ---- */

typedef enum sfc_read_status {
  SFC_READ_OK = 0,
  SFC_READ_OPEN,  /* fopen failed; errno says why */
  SFC_READ_READ,  /* a read failed (a directory, an I/O error); errno says why */
  SFC_READ_NOMEM  /* out of memory; errno is ENOMEM */
} sfc_read_status;

/* Reads the whole file at path (any kind: regular, pipe, device) into one
 * malloc'd buffer, *buf, of *len bytes followed by one NUL byte not counted
 * in *len (so a text file may be used as a string).  On failure *buf and
 * *len are untouched, nothing is printed and errno holds the cause. */
sfc_read_status sfc_read_file(const char *path, uint8_t **buf, size_t *len);
/* The words a status stands for in a message: "cannot open", "cannot read". */
const char *sfc_read_status_text(sfc_read_status st);
/* sfc_read_file, or "PROGRAM: PATH: cannot open|cannot read: STRERROR" on
 * stderr and NULL. */
uint8_t *sfc_read_file_or_warn(const char *path, size_t *len);
/* sfc_read_file_or_warn, then exit(code) on failure. */
uint8_t *sfc_read_file_or_die(const char *path, size_t *len, int code);

/* ---- numbers ---- */

/* An unsigned 64-bit value in C syntax: decimal, 0x (or 0X) hexadecimal, or
 * 0 octal; the whole string, no sign, no blank, nothing after it, no
 * overflow.  Returns 1 and sets *v, or 0 with *v untouched. */
int sfc_parse_u64(const char *s, uint64_t *v);
/* The same in one base (2..36; 10 for decimal only, 16 for hex digits with
 * or without 0x). */
int sfc_parse_u64_base(const char *s, int base, uint64_t *v);
/* sfc_parse_u64 within [lo, hi]. */
int sfc_parse_u64_range(const char *s, uint64_t lo, uint64_t hi, uint64_t *v);

#endif
