/* SPDX-License-Identifier: MIT */
/* audit_pkgdb.c - which package installed a file: dpkg's file lists
 * (INFODIR/PACKAGE[:ARCH].list), read once into a sorted table. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "audit_pkgdb.h"

typedef struct owned {
  char *path;
  const char *pkg;
} owned;

struct au_pkgdb {
  owned *tab;        /* sorted by path */
  size_t ntab, captab;
  char **pkgs;       /* the package names the table points into */
  size_t npkgs;
};

static int by_path(const void *a, const void *b) {
  return strcmp(((const owned *)a)->path, ((const owned *)b)->path);
}

/* One package's list; 0, or -1 when out of memory. */
static int read_list(au_pkgdb *db, const char *infodir, const char *name) {
  char path[4096], line[4096];
  size_t n = strlen(name);
  FILE *f;
  char *pkg, **np;
  snprintf(path, sizeof path, "%s/%s", infodir, name);
  if (!(f = fopen(path, "r")))
    return 0; /* gone since the directory was read: it owns nothing */
  if (!(pkg = strndup(name, n - 5)) || !(np = realloc(db->pkgs, (db->npkgs + 1) * sizeof *db->pkgs))) {
    free(pkg);
    fclose(f);
    return -1;
  }
  db->pkgs = np;
  db->pkgs[db->npkgs++] = pkg;
  pkg[strcspn(pkg, ":")] = 0; /* libc6:amd64 */
  while (fgets(line, sizeof line, f)) {
    line[strcspn(line, "\n")] = 0;
    if (db->ntab == db->captab) {
      size_t nc = db->captab ? 2 * db->captab : 65536;
      owned *nt = realloc(db->tab, nc * sizeof *nt);
      if (!nt)
        break;
      db->tab = nt, db->captab = nc;
    }
    if (!(db->tab[db->ntab].path = strdup(line)))
      break;
    db->tab[db->ntab++].pkg = pkg;
  }
  int short_read = !feof(f);
  fclose(f);
  return short_read ? -1 : 0;
}

au_pkgdb *au_pkgdb_load(const char *infodir, char *err, size_t errlen) {
  DIR *d = opendir(infodir);
  struct dirent *e;
  au_pkgdb *db = calloc(1, sizeof *db);
  int rc = 0;
  if (!db) {
    snprintf(err, errlen, "out of memory");
    if (d)
      closedir(d);
    return NULL;
  }
  if (!d) /* no dpkg here: no file has a package */
    return db;
  while (rc == 0 && (e = readdir(d))) {
    size_t n = strlen(e->d_name);
    if (n > 5 && !strcmp(e->d_name + n - 5, ".list"))
      rc = read_list(db, infodir, e->d_name);
  }
  closedir(d);
  if (rc != 0) {
    snprintf(err, errlen, "%s: out of memory reading the package lists", infodir);
    au_pkgdb_free(db);
    return NULL;
  }
  if (db->ntab)
    qsort(db->tab, db->ntab, sizeof *db->tab, by_path);
  return db;
}

const char *au_pkgdb_owner(const au_pkgdb *db, const char *path) {
  owned key = {(char *)path, NULL}, *hit;
  if (!db || !db->ntab)
    return NULL;
  hit = bsearch(&key, db->tab, db->ntab, sizeof *db->tab, by_path);
  if (!hit && !strncmp(path, "/usr/", 5)) { /* merged /usr: dpkg may list /lib/... */
    key.path = (char *)path + 4;
    hit = bsearch(&key, db->tab, db->ntab, sizeof *db->tab, by_path);
  }
  return hit ? hit->pkg : NULL;
}

void au_pkgdb_free(au_pkgdb *db) {
  if (!db)
    return;
  for (size_t i = 0; i < db->ntab; i++)
    free(db->tab[i].path);
  for (size_t i = 0; i < db->npkgs; i++)
    free(db->pkgs[i]);
  free(db->tab);
  free(db->pkgs);
  free(db);
}
