// Reading a client's shared memory without letting the client crash the compositor.
//
// A client can shrink the file behind its wl_shm pool; a read past the file's end then raises
// SIGBUS. libwayland guards the reads made between wl_shm_buffer_begin_access and _end_access (and
// tells the client with wl_shm's invalid_fd error, as the conformance suite checks), but wlroots 0.15
// hands out a buffer's memory with no guard once the client has destroyed its wl_buffer (the pointer
// it saved). Those reads run between slate_shm_guard_begin and slate_shm_guard_end: a SIGBUS inside
// the guarded range maps zeroed pages over it, as libwayland does for a pool, and the read goes on;
// the reader then learns that the memory went, and the client is told so and disconnected. A SIGBUS
// anywhere else goes to whoever handled SIGBUS before (libwayland's guard among them).
#include "internal.h"

#include <pthread.h>
#include <signal.h>
#include <stdint.h>
#include <sys/mman.h>
#include <unistd.h>

/// The range being read on this thread (start == end: none), and whether it faulted.
static _Thread_local struct {
    uintptr_t start, end;
    int faulted;
} guarded;

static struct sigaction previous;
static uintptr_t page_size = 4096;
static pthread_once_t installed = PTHREAD_ONCE_INIT;

static void on_sigbus(int signal, siginfo_t *info, void *context) {
    uintptr_t address = (uintptr_t)info->si_addr;
    if (address >= guarded.start && address < guarded.end) {
        // The guarded range lies inside the pool's mapping, which starts on a page: its pages are
        // the pool's own, and zeroed ones stand in for the file that went.
        uintptr_t first = guarded.start & ~(page_size - 1);
        uintptr_t last = (guarded.end + page_size - 1) & ~(page_size - 1);
        void *mapped = mmap((void *)first, last - first, PROT_READ | PROT_WRITE,
                            MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS, -1, 0);
        if (mapped != MAP_FAILED) {
            guarded.faulted = 1;
            return;
        }
    }
    // Not a read of ours: libwayland's pool guard, a sanitizer's report, or the default (the fault
    // recurs with the default action, and the process ends as it would have).
    if (previous.sa_flags & SA_SIGINFO) {
        if (previous.sa_sigaction) previous.sa_sigaction(signal, info, context);
        return;
    }
    if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(signal);
        return;
    }
    struct sigaction fallback = {.sa_handler = SIG_DFL};
    sigemptyset(&fallback.sa_mask);
    sigaction(SIGBUS, &fallback, NULL);
}

/// Installed at the first guarded read: after libwayland's guard, which is installed at the first
/// access to any shm buffer (every buffer read here was accessed once when it was committed), so
/// that this handler sees a fault first and passes on what is not its own.
static void install(void) {
    long size = sysconf(_SC_PAGESIZE);
    if (size > 0) page_size = (uintptr_t)size;
    struct sigaction action = {.sa_sigaction = on_sigbus, .sa_flags = SA_SIGINFO | SA_NODEFER};
    sigemptyset(&action.sa_mask);
    sigaction(SIGBUS, &action, &previous);
}

void slate_shm_guard_begin(const void *data, size_t length) {
    pthread_once(&installed, install);
    guarded.faulted = 0;
    guarded.start = (uintptr_t)data;
    guarded.end = (uintptr_t)data + length;
}

int slate_shm_guard_end(void) {
    int faulted = guarded.faulted;
    guarded.start = guarded.end = 0;
    guarded.faulted = 0;
    return faulted;
}
