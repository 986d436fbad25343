/* SPDX-License-Identifier: MIT */
/* audit_pkgdb.c - which package installed a file: dpkg's file lists
 * (INFODIR/PACKAGE[:ARCH].list), read once into a sorted table. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit.h"

typedef struct owned {
  char *path;
  const char *pkg;
} owned;
static owned *tab;
static size_t ntab, captab;
static char **pkgs;
static size_t npkgs;

static int by_path(const void *a, const void *b) {
  return strcmp(((const owned *)a)->path, ((const owned *)b)->path);
}

static void read_list(const char *infodir, const char *name) {
  char path[4096], line[4096];
  size_t n = strlen(name);
  FILE *f;
  char *pkg, **np;
  snprintf(path, sizeof path, "%s/%s", infodir, name);
  if (!(f = fopen(path, "r")) || !(pkg = strndup(name, n - 5)) ||
      !(np = realloc(pkgs, (npkgs + 1) * sizeof *pkgs))) {
    if (f)
      fclose(f);
    return;
  }
  pkgs = np;
  pkgs[npkgs++] = pkg;
  pkg[strcspn(pkg, ":")] = 0; /* libc6:amd64 */
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    if (ntab == captab) {
      size_t nc = captab ? 2 * captab : 65536;
      owned *nt = realloc(tab, nc * sizeof *nt);
      if (!nt)
        break;
      tab = nt, captab = nc;
    }
    if (!(tab[ntab].path = strdup(line)))
      break;
    tab[ntab++].pkg = pkg;
  }
  fclose(f);
}

void au_pkgdb_load(const char *infodir) {
  DIR *d = opendir(infodir);
  struct dirent *e;
  if (!d)
    return;
  while ((e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n > 5 && !strcmp(e->d_name + n - 5, ".list"))
      read_list(infodir, e->d_name);
  }
  closedir(d);
  if (ntab)
    qsort(tab, ntab, sizeof *tab, by_path);
}

const char *au_pkgdb_owner(const char *path) {
  owned key = {(char *)path, NULL}, *hit;
  if (!ntab)
    return NULL;
  hit = bsearch(&key, tab, ntab, sizeof *tab, by_path);
  if (!hit && !strncmp(path, "/usr/", 5)) { /* merged /usr: dpkg may list /lib/... */
    key.path = (char *)path + 4;
    hit = bsearch(&key, tab, ntab, sizeof *tab, by_path);
  }
  return hit ? hit->pkg : NULL;
}
