/* SPDX-License-Identifier: MIT
 * Test helper: "peakrss FILE CMD [ARG...]" runs CMD, writes its peak resident set size in
 * KiB (getrusage of the waited-for child, so no GNU time is needed) to FILE, and exits with
 * CMD's exit status, or 128 + the signal that ended it. */
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
    if (argc < 3) {
        fprintf(stderr, "usage: peakrss FILE CMD [ARG...]\n");
        return 2;
    }
    pid_t pid = fork();
    if (pid < 0) {
        perror("peakrss: fork");
        return 2;
    }
    if (pid == 0) {
        execvp(argv[2], argv + 2);
        perror(argv[2]);
        _exit(127);
    }
    int status;
    struct rusage ru;
    if (waitpid(pid, &status, 0) != pid || getrusage(RUSAGE_CHILDREN, &ru) != 0) {
        perror("peakrss: wait");
        return 2;
    }
    FILE *fp = fopen(argv[1], "w");
    if (fp == NULL || fprintf(fp, "%ld\n", ru.ru_maxrss) < 0 || fclose(fp) != 0) {
        perror(argv[1]);
        return 2;
    }
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
