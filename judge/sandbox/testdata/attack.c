// Attacks on the jail from C, where the system calls are in reach: each
// does one hostile thing, bounded (harmless where the jail fails), and
// reports what happened on the answer channel (fd 3).
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

static FILE *answer;

static void say(const char *what, long ret) {
	fprintf(answer, "%s: %s\n", what, ret < 0 ? strerror(errno) : "ok");
	fflush(answer);
}

// i386 calls through int $0x80: eax is the call, ebx, ecx, edx its arguments.
static long int80(long nr, long a, long b, long c) {
	long ret;
	__asm__ volatile("int $0x80" : "=a"(ret) : "a"(nr), "b"(a), "c"(b), "d"(c) : "memory");
	if (ret < 0 && ret > -4096) {
		errno = -ret;
		return -1;
	}
	return ret;
}

static void *sleeper(void *arg) {
	(void)arg;
	sleep(2);
	return NULL;
}

int main(int argc, char **argv) {
	answer = fdopen(3, "w");
	if (!answer || argc < 2) return 2;
	const char *a = argv[1];
	if (!strcmp(a, "i386-fork")) {
		long pid = int80(2, 0, 0, 0); // fork
		if (pid == 0) _exit(0);
		if (pid > 0) waitpid(pid, NULL, 0);
		say("i386 fork", pid);
	} else if (!strcmp(a, "i386-getpid")) {
		say("i386 getpid", int80(20, 0, 0, 0)); // getpid: harmless, run outside the jail
	} else if (!strcmp(a, "i386-shmget")) {
		say("i386 shmget", int80(395, 0 /* IPC_PRIVATE */, 1 << 20, 01000 | 0600)); // IPC_CREAT
	} else if (!strcmp(a, "x32-fork")) {
		say("x32 fork", syscall(0x40000000 | 57));
	} else if (!strcmp(a, "remount")) {
		say("remount", mount("", argv[2], NULL, MS_REMOUNT | MS_BIND, NULL));
	} else if (!strcmp(a, "tmpfs")) {
		say("tmpfs", mount("tmpfs", "/tmp", "tmpfs", 0, "size=1m"));
	} else if (!strcmp(a, "unshare")) {
		say("unshare", unshare(CLONE_NEWUSER | CLONE_NEWNS));
	} else if (!strcmp(a, "pdeathsig")) {
		say("pdeathsig", prctl(PR_SET_PDEATHSIG, 0, 0, 0, 0));
	} else if (!strcmp(a, "memfd")) {
		say("memfd", syscall(SYS_memfd_create, "hidden", 0));
	} else if (!strcmp(a, "socket")) {
		say("socket", socket(AF_INET, SOCK_STREAM, 0));
	} else if (!strcmp(a, "capabilities")) {
		// The effective set, and whether the bounding set still has any.
		struct { unsigned version; int pid; } hdr = {0x20080522, 0}; // _LINUX_CAPABILITY_VERSION_3
		struct { unsigned effective, permitted, inheritable; } data[2] = {0};
		say("capget", syscall(SYS_capget, &hdr, data));
		int bounding = 0;
		for (int c = 0; c < 64; c++) bounding += prctl(PR_CAPBSET_READ, c, 0, 0, 0) == 1;
		fprintf(answer, "effective %08x%08x, %d in the bounding set\n", data[1].effective, data[0].effective, bounding);
	} else if (!strcmp(a, "threads")) {
		// Up to 200 threads, each asleep for a while: a bounded flood.
		int started = 0;
		pthread_t t;
		for (int i = 0; i < 200 && pthread_create(&t, NULL, sleeper, NULL) == 0; i++) started++;
		fprintf(answer, "threads: %d\n", started);
		fflush(answer);
		sleep(1);
	} else if (!strcmp(a, "write-fd")) {
		int fd = atoi(argv[2]);
		say("write-fd", write(fd, "written from the run\n", 21));
	} else if (!strcmp(a, "links")) {
		// Up to 20000 symbolic links in /tmp, which take no room the size counts.
		int made = 0;
		char name[64];
		for (int i = 0; i < 20000; i++) {
			snprintf(name, sizeof name, "/tmp/l%d", i);
			if (symlink("x", name) != 0) break;
			made++;
		}
		fprintf(answer, "links: %d\n", made);
	} else {
		return 2;
	}
	return 0;
}
