/* SPDX-License-Identifier: MIT */
/* vforks.c - truth case: vfork (x86-64).  glibc's __vfork pops its own
 * return address into a register (pop %rdi; syscall; push %rdi; ret), so
 * for a few instructions it runs at the SP its caller had at the call,
 * which is where an x86-64 frame left by an exception would be.  The
 * harness must keep its frame: every unwind from those instructions has
 * __vfork's caller below it.  (QEMU user mode runs vfork as fork; the child
 * execs /bin/true, which runs natively, outside the harness.)
 *
 * Usage: vforks [N]  (default 8).  Prints how many children exited 0; exit
 * 0 when all did. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 8, ok = 0;
  for (int i = 0; i < n; i++) {
    pid_t pid = vfork();
    if (pid == 0) {
      execl("/bin/true", "true", (char *)NULL);
      _exit(127);
    }
    int st;
    if (pid > 0 && waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0)
      ok++;
  }
  printf("%d of %d children exited 0\n", ok, n);
  return ok == n ? 0 : 1;
}
