/* SPDX-License-Identifier: MIT */
/* sfpeers - prints the peers table (common/sfc_peers.h): which SFrame
 * versions and ABIs each release of each peer implementation reads.
 *
 *   sfpeers             every row: family, first and last release, the
 *                       versions read in full, those whose header only is
 *                       shown, the ABIs, the reader the suite measured, note
 *   sfpeers --readers   the rows sfaudit judges, in the readers-table format
 *                       `sfaudit --readers FILE` reads (a start for a
 *                       table of one's own); audit/tests/audit.bats holds
 *                       it to each bundled adapter's `capabilities`
 * Exit 0; 2 on a usage error or when stdout cannot be written. */
#include <stdio.h>
#include <string.h>

#include "sfc_peers.h"

static void print_release(int rel) {
  if (rel == SFC_REL_LATEST)
    fputs("latest", stdout);
  else
    printf("%d.%d", rel / 100, rel % 100);
}

static void print_set(unsigned set, int abis) {
  if (!set)
    fputc('-', stdout);
  else if (abis)
    sfc_peer_print_abis(stdout, set, 0);
  else
    sfc_peer_print_versions(stdout, set);
}

static void print_table(void) {
  size_t n, i;
  const sfc_peer *t = sfc_peers(&n);
  puts("# family\tfirst\tlast\tfull\theader\tabis\treader\tnote");
  for (i = 0; i < n; i++) {
    printf("%s\t", t[i].family);
    print_release(t[i].first);
    fputc('\t', stdout);
    print_release(t[i].last);
    fputc('\t', stdout);
    print_set(t[i].full, 0);
    fputc('\t', stdout);
    print_set(t[i].header, 0);
    fputc('\t', stdout);
    print_set(t[i].abis, 1);
    printf("\t%s\t%s\n", t[i].reader ? t[i].reader : "-", t[i].note ? t[i].note : "-");
  }
}

int main(int argc, char **argv) {
  if (argc == 2 && !strcmp(argv[1], "--readers"))
    sfc_peers_write_readers(stdout);
  else if (argc == 1)
    print_table();
  else {
    fprintf(stderr, "usage: sfpeers [--readers]\n");
    return 2;
  }
  return fflush(stdout) != 0 || ferror(stdout) ? 2 : 0;
}
