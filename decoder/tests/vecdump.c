/* vecdump - write hand-built test vectors to files, for the CLI tests.
 *   vecdump list            names, one per line, with the expected finding
 *   vecdump NAME FILE       write the vector's bytes to FILE */
#include <stdio.h>
#include <string.h>

#include "vectors.h"

int main(int argc, char **argv) {
  size_t i;
  if (argc == 2 && strcmp(argv[1], "list") == 0) {
    for (i = 0; i < test_vector_count; i++)
      printf("%s %s 0x%llx\n", test_vectors[i].name,
             test_vectors[i].finding ? test_vectors[i].finding : "valid",
             (unsigned long long)test_vectors[i].vma);
    return 0;
  }
  if (argc != 3) {
    fprintf(stderr, "usage: vecdump list | vecdump NAME FILE\n");
    return 2;
  }
  for (i = 0; i < test_vector_count; i++) {
    if (strcmp(test_vectors[i].name, argv[1]) == 0) {
      FILE *f = fopen(argv[2], "wb");
      if (!f || fwrite(test_vectors[i].bytes, 1, test_vectors[i].len, f) !=
                    test_vectors[i].len) {
        perror(argv[2]);
        if (f)
          fclose(f);
        return 2;
      }
      return fclose(f) == 0 ? 0 : 2;
    }
  }
  fprintf(stderr, "vecdump: no vector named %s\n", argv[1]);
  return 2;
}
