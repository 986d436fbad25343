/* SPDX-License-Identifier: MIT */
/* audit_walk.c - the inputs a path names: a file, the files below a
 * directory, the members of an ar archive (libelf), the files of a Debian
 * package (unpacked privately by dpkg-deb into a temporary directory,
 * removed after).  Every entry that is none of those, or cannot be read,
 * is visited with its reason (au_skip), never dropped and never fatal. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* nftw's FTW_PHYS (au_remove_tree), mkdtemp */
#endif
#include <errno.h>
#include <fcntl.h>
#include <fts.h>
#include <ftw.h>
#include <gelf.h>
#include <libelf.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "audit_walk.h"
#include "sfc_proc.h"
#include "sfc_tools.h"

/* The list being made: files[0, n), cap allocated. */
typedef struct file_list {
  char ***files;
  size_t *n, *cap;
} file_list;

static int add_file(file_list *l, const char *path) {
  if (*l->n == *l->cap) {
    size_t ncap = *l->cap ? 2 * *l->cap : 1024;
    char **nf = realloc(*l->files, ncap * sizeof *nf);
    if (!nf)
      return -1;
    *l->files = nf, *l->cap = ncap;
  }
  if (!((*l->files)[*l->n] = strdup(path)))
    return -1;
  (*l->n)++;
  return 0;
}

/* Every entry below dir but the directories that could be read: files of
 * any kind, symbolic links (FTS_PHYSICAL: not followed), entries stat
 * failed on, directories that could not be read.  0, or -1 with err set. */
static int walk_dir(file_list *l, const char *dir, char *err, size_t errlen) {
  char *roots[] = {(char *)dir, NULL};
  FTS *fts = fts_open(roots, FTS_PHYSICAL | FTS_NOCHDIR, NULL);
  FTSENT *e;
  int rc = 0;
  if (!fts) {
    snprintf(err, errlen, "%s: cannot walk: %s", dir, strerror(errno));
    return -1;
  }
  while (rc == 0) {
    errno = 0;
    if (!(e = fts_read(fts))) { /* the end of the walk (errno 0), or an error */
      if (errno)
        rc = -1, snprintf(err, errlen, "%s: cannot walk: %s", dir, strerror(errno));
      break;
    }
    switch (e->fts_info) {
    case FTS_D: case FTS_DP: case FTS_DOT: case FTS_DC:
      break; /* a directory, a cycle: what is below it is listed */
    case FTS_ERR:
      snprintf(err, errlen, "%s: cannot walk: %s", e->fts_path, strerror(e->fts_errno));
      rc = -1;
      break;
    default: /* FTS_F, FTS_SL, FTS_SLNONE, FTS_NS, FTS_NSOK, FTS_DNR, FTS_DEFAULT */
      if (add_file(l, e->fts_path) != 0)
        rc = -1, snprintf(err, errlen, "%s: cannot walk: out of memory", dir);
    }
  }
  fts_close(fts);
  return rc;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

int au_list_files(const char *path, char ***files, size_t *n, size_t *cap, char *err, size_t errlen) {
  struct stat st;
  size_t before = *n;
  file_list l = {files, n, cap};
  if (stat(path, &st) != 0) {
    snprintf(err, errlen, "%s: %s", path, strerror(errno));
    return -1;
  }
  if (!S_ISDIR(st.st_mode))
    return add_file(&l, path) == 0 ? 0 : (snprintf(err, errlen, "out of memory"), -1);
  if (walk_dir(&l, path, err, errlen) != 0)
    return -1;
  /* by name, not in the directory's order: the report, and the order a
   * link is given its objects, repeat on every file system */
  if (*n > before)
    qsort(*files + before, *n - before, sizeof **files, by_name);
  return 0;
}

/* ---- a Debian package ---- */

static int rm_one(const char *path, const struct stat *st, int flag, struct FTW *ftw) {
  (void)st, (void)flag, (void)ftw;
  remove(path);
  return 0;
}

/* dpkg-deb ARGS...: 0 when it ran and exited 0; its stdout into out. */
static int dpkg_deb(char *const argv[], char *out, size_t outlen) {
  proc_opts po = {.timeout_s = 600, .max_out = outlen ? outlen - 1 : 0, .search_path = 1};
  proc_result r;
  int ok;
  if (proc_run(argv, &po, &r) != 0)
    return -1;
  ok = r.exited && r.code == 0 && !r.exec_errno;
  snprintf(out, outlen, "%s", r.out ? r.out : "");
  proc_free(&r);
  return ok ? 0 : -1;
}

void au_remove_tree(const char *dir) { nftw(dir, rm_one, 32, FTW_DEPTH | FTW_PHYS); }

/* A Debian package: its files, each shown as DEB:/PATH; a package
 * dpkg-deb cannot read or unpack is itself visited with the reason. */
static void visit_deb(const char *deb, const char *shown, au_visit_fn fn, void *ctx) {
  const char *tmp = getenv("TMPDIR");
  char dir[4096], pkg[256], none[8], err[512] = "";
  char **files = NULL;
  size_t n = 0, cap = 0;
  char *field[] = {"dpkg-deb", "-f", (char *)deb, "Package", NULL};
  if (dpkg_deb(field, pkg, sizeof pkg) != 0) {
    fn(ctx, shown, NULL, NULL, NULL, 0, AU_SKIP_NOT_ELF, "named .deb, but not a Debian package dpkg-deb can read");
    return;
  }
  pkg[strcspn(pkg, "\n")] = 0;
  snprintf(dir, sizeof dir, "%s/sfaudit-XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(dir)) {
    snprintf(err, sizeof err, "cannot unpack it: mkdtemp: %s", strerror(errno));
    fn(ctx, shown, NULL, pkg, NULL, 0, AU_SKIP_UNREADABLE, err);
    return;
  }
  char *x[] = {"dpkg-deb", "-x", (char *)deb, dir, NULL};
  if (dpkg_deb(x, none, sizeof none) != 0)
    fn(ctx, shown, NULL, pkg, NULL, 0, AU_SKIP_UNREADABLE, "dpkg-deb -x failed: its files after the failure are not audited");
  if (au_list_files(dir, &files, &n, &cap, err, sizeof err) != 0)
    fn(ctx, shown, NULL, pkg, NULL, 0, AU_SKIP_UNREADABLE, err);
  for (size_t i = 0; i < n; i++) {
    char name[4096];
    snprintf(name, sizeof name, "%s:%s", shown, files[i] + strlen(dir));
    au_visit_file(files[i], name, 0, pkg, fn, ctx);
    free(files[i]);
  }
  free(files);
  au_remove_tree(dir);
}

/* ---- an ar archive: each member ---- */

static void visit_archive(Elf *ar, const char *file, const char *package, au_visit_fn fn, void *ctx) {
  /* file: the name the archive is shown by */
  Elf *m;
  Elf_Cmd cmd = ELF_C_READ_MMAP; /* an archive in memory (elf_memory) has no descriptor */
  while ((m = elf_begin(-1, cmd, ar)) != NULL) {
    Elf_Arhdr *h = elf_getarhdr(m);
    size_t len = 0;
    char *raw = elf_rawfile(m, &len);
    if (h && h->ar_name[0] != '/' && raw)
      fn(ctx, file, h->ar_name, package, (const uint8_t *)raw, len, AU_SKIP_NONE, NULL);
    else if (h && h->ar_name[0] != '/')
      fn(ctx, file, h->ar_name, package, NULL, 0, AU_SKIP_TRUNCATED, "the member's bytes cannot be read: the archive ends too soon");
    cmd = elf_next(m);
    elf_end(m);
  }
}

void au_visit_bytes(const uint8_t *bytes, size_t len, const char *shown, const char *package,
                    au_visit_fn fn, void *ctx) {
  if (len >= 8 && !memcmp(bytes, "!<arch>\n", 8)) {
    Elf *ar = elf_memory((char *)bytes, len); /* read only: libelf does not write it */
    if (ar && elf_kind(ar) == ELF_K_AR)
      visit_archive(ar, shown, package, fn, ctx);
    else
      fn(ctx, shown, NULL, package, NULL, 0, AU_SKIP_NOT_ELF, "an ar archive's magic, but libelf cannot read it as one");
    if (ar)
      elf_end(ar);
  } else if (len >= SELFMAG && !memcmp(bytes, ELFMAG, SELFMAG)) {
    fn(ctx, shown, NULL, package, bytes, len, AU_SKIP_NONE, NULL);
  } else {
    char why[96];
    snprintf(why, sizeof why, len ? "not ELF, an ar archive or a Debian package (%zu bytes)" : "an empty file", len);
    fn(ctx, shown, NULL, package, NULL, 0, AU_SKIP_NOT_ELF, why);
  }
}

/* What kind of special file st is. */
static const char *special_kind(mode_t m) {
  return S_ISFIFO(m) ? "a FIFO" : S_ISSOCK(m) ? "a socket" : S_ISCHR(m) ? "a character device"
         : S_ISBLK(m) ? "a block device" : S_ISDIR(m) ? "a directory" : "not a regular file";
}

/* A symbolic link below a directory: reported, not followed. */
static void visit_link(const char *file, const char *shown, const char *package, au_visit_fn fn, void *ctx) {
  char target[1024], why[1200];
  struct stat st;
  ssize_t n = readlink(file, target, sizeof target - 1);
  target[n > 0 ? n : 0] = 0;
  if (stat(file, &st) != 0) {
    snprintf(why, sizeof why, "a dangling symbolic link to %s (%s)", target, strerror(errno));
    fn(ctx, shown, NULL, package, NULL, 0, AU_SKIP_DANGLING, why);
  } else {
    snprintf(why, sizeof why, "a symbolic link to %s, not followed", target);
    fn(ctx, shown, NULL, package, NULL, 0, AU_SKIP_LINK, why);
  }
}

void au_visit_file(const char *file, const char *shown, int named, const char *package,
                   au_visit_fn fn, void *ctx) {
  size_t n = strlen(file);
  struct stat st;
  int fd;
  uint8_t *map;
  char why[300];
  if (!shown)
    shown = file;
  if ((named ? stat(file, &st) : lstat(file, &st)) != 0) {
    if (named && lstat(file, &st) == 0 && S_ISLNK(st.st_mode))
      visit_link(file, shown, package, fn, ctx); /* named, and dangling */
    else {
      snprintf(why, sizeof why, "unreadable: %s", strerror(errno));
      fn(ctx, shown, NULL, package, NULL, 0, AU_SKIP_UNREADABLE, why);
    }
    return;
  }
  if (S_ISLNK(st.st_mode)) {
    visit_link(file, shown, package, fn, ctx);
    return;
  }
  if (S_ISDIR(st.st_mode)) { /* below a directory: one the walk could not read */
    snprintf(why, sizeof why, "a directory that cannot be read: %s",
             access(file, R_OK | X_OK) != 0 ? strerror(errno) : "it changed while it was walked");
    fn(ctx, shown, NULL, package, NULL, 0, AU_SKIP_UNREADABLE, why);
    return;
  }
  if (!S_ISREG(st.st_mode)) { /* never opened: a FIFO would block, a device never end */
    fn(ctx, shown, NULL, package, NULL, 0, AU_SKIP_SPECIAL, special_kind(st.st_mode));
    return;
  }
  if (n > 4 && !strcmp(file + n - 4, ".deb")) {
    visit_deb(file, shown, fn, ctx);
    return;
  }
  /* O_NONBLOCK: what was a regular file at stat and is a FIFO now does not block */
  if ((fd = open(file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) < 0 || fstat(fd, &st) != 0) {
    snprintf(why, sizeof why, "unreadable: %s", strerror(errno));
    fn(ctx, shown, NULL, package, NULL, 0, AU_SKIP_UNREADABLE, why);
    if (fd >= 0)
      close(fd);
    return;
  }
  if (!S_ISREG(st.st_mode)) { /* replaced since the stat above */
    fn(ctx, shown, NULL, package, NULL, 0, AU_SKIP_SPECIAL, special_kind(st.st_mode));
    close(fd);
    return;
  }
  if (st.st_size == 0) {
    close(fd);
    au_visit_bytes(NULL, 0, shown, package, fn, ctx);
    return;
  }
  map = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (map == MAP_FAILED) {
    snprintf(why, sizeof why, "unreadable: cannot map it: %s", strerror(errno));
    fn(ctx, shown, NULL, package, NULL, 0, AU_SKIP_UNREADABLE, why);
    close(fd);
    return;
  }
  au_visit_bytes(map, (size_t)st.st_size, shown, package, fn, ctx);
  munmap(map, (size_t)st.st_size);
  close(fd);
}
