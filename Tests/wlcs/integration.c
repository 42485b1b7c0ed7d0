// Slate's integration module for the Wayland conformance suite (wlcs): what the suite's runner loads
// (`wlcs slate-wlcs.so`) to start a compositor for each test, connect its clients, place their
// windows and drive the pointer and the fingers.
//
// The suite loads this into its own process and calls it from a thread of its own, while Slate's
// compositor callbacks enter Swift on the main actor (they trap on any other thread). So Slate runs
// out of process: each server is a child `slate run --backend headless` in its test mode
// (`SLATE_WLCS_CONTROL_FD`: no apps, windows placed where the suite says), driven over a
// SOCK_SEQPACKET socket, one text command a message, each answered once done (the protocol is
// described in Sources/Compositor/ConformanceControl.swift). A client is a socketpair whose other
// end is handed to the child with the `client` command; the suite's wl_display and wl_surface
// become the child's client number and the surface's object id.
//
// The extensions the module declares (get_descriptor) are the globals Slate's compositor offers, read
// from the first compositor started: the suite skips what Slate does not offer. (The test mode hides
// the globals $SLATE_WLCS_HOLD_BACK names from the suite's clients, so that their tests are skipped
// too: Tests/wlcs/held-back.txt says why each is; see conformance.c.)
#define _GNU_SOURCE

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>
#include <wlcs/display_server.h>
#include <wlcs/pointer.h>
#include <wlcs/touch.h>

extern char **environ;

/// How long a command may take to be answered, and a compositor to start, in milliseconds.
enum { ANSWER_TIMEOUT_MS = 10000, START_TIMEOUT_MS = 60000, STOP_TIMEOUT_MS = 5000 };
/// The most clients one test connects at once.
enum { MAX_CLIENTS = 64 };

struct slate_server {
    WlcsDisplayServer base;
    pid_t child;
    /// This end of the control socket (-1 once the child is gone).
    int control;
    /// Each client's descriptor here and its number in the child (descriptors are reused once the
    /// suite closes them: a new one replaces the old).
    struct {
        int fd;
        uint32_t number;
    } clients[MAX_CLIENTS];
    uint32_t next_client;
    /// The pointer, in compositor pixels (move_relative moves it from here).
    wl_fixed_t pointer_x, pointer_y;
    int next_touch;
};

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...) {
    va_list args;
    va_start(args, fmt);
    fprintf(stderr, "slate-wlcs: ");
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
    va_end(args);
}

// ---- The control socket ---------------------------------------------------------------------------

/// Sends `text` (and `fd`, when >= 0) and waits for the answer, which goes into `answer`. Returns 0
/// when the answer is `ok` (or `ready`), -1 otherwise (said on standard error).
static int command(struct slate_server *s, const char *text, int fd, char *answer, size_t capacity) {
    char local[256];
    if (!answer) {
        answer = local;
        capacity = sizeof local;
    }
    answer[0] = 0;
    if (s->control < 0) return -1;
    if (text) {
        struct iovec iov = {.iov_base = (void *)text, .iov_len = strlen(text)};
        union {
            char space[CMSG_SPACE(sizeof(int))];
            struct cmsghdr align;
        } control;
        struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
        if (fd >= 0) {
            msg.msg_control = control.space;
            msg.msg_controllen = sizeof control.space;
            struct cmsghdr *c = CMSG_FIRSTHDR(&msg);
            c->cmsg_level = SOL_SOCKET;
            c->cmsg_type = SCM_RIGHTS;
            c->cmsg_len = CMSG_LEN(sizeof(int));
            memcpy(CMSG_DATA(c), &fd, sizeof(int));
        }
        if (sendmsg(s->control, &msg, MSG_NOSIGNAL) < 0) {
            say("cannot send '%s': %s", text, strerror(errno));
            return -1;
        }
    }
    struct pollfd p = {.fd = s->control, .events = POLLIN};
    int ready;
    do {
        ready = poll(&p, 1, text ? ANSWER_TIMEOUT_MS : START_TIMEOUT_MS);
    } while (ready < 0 && errno == EINTR);
    if (ready <= 0) {
        say("no answer to '%s' from slate (pid %d)", text ? text : "start", (int)s->child);
        return -1;
    }
    ssize_t n = recv(s->control, answer, capacity - 1, 0);
    if (n <= 0) {
        say("slate (pid %d) went before answering '%s'", (int)s->child, text ? text : "start");
        close(s->control);
        s->control = -1;
        return -1;
    }
    answer[n] = 0;
    if (strcmp(answer, "ok") == 0 || strcmp(answer, "ready") == 0) return 0;
    say("'%s': %s", text ? text : "start", answer);
    return -1;
}

static int commandf(struct slate_server *s, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int commandf(struct slate_server *s, const char *fmt, ...) {
    char text[256];
    va_list args;
    va_start(args, fmt);
    vsnprintf(text, sizeof text, fmt, args);
    va_end(args);
    return command(s, text, -1, NULL, 0);
}

// ---- The child ------------------------------------------------------------------------------------

/// Starts `$SLATE run --backend headless` (or `slate` on PATH) in the test mode, and waits until it
/// is ready. Returns 0, or -1 (said).
static int start_child(struct slate_server *s) {
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
        say("socketpair: %s", strerror(errno));
        return -1;
    }
    const char *slate = getenv("SLATE");
    if (!slate || !*slate) slate = "slate";
    // The child's end becomes its descriptor 3 (dup2 clears close-on-exec).
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, pair[1], 3);
    size_t count = 0;
    while (environ[count]) count++;
    char **env = calloc(count + 2, sizeof *env);
    size_t kept = 0;
    for (size_t i = 0; i < count; i++) {
        if (strncmp(environ[i], "SLATE_WLCS_CONTROL_FD=", 22) != 0) env[kept++] = environ[i];
    }
    env[kept++] = "SLATE_WLCS_CONTROL_FD=3";
    env[kept] = NULL;
    char *argv[] = {(char *)slate, "run", "--backend", "headless", NULL};
    int r = posix_spawnp(&s->child, slate, &actions, NULL, argv, env);
    posix_spawn_file_actions_destroy(&actions);
    free(env);
    close(pair[1]);
    if (r != 0) {
        say("cannot start %s: %s", slate, strerror(r));
        close(pair[0]);
        s->child = 0;
        return -1;
    }
    s->control = pair[0];
    return command(s, NULL, -1, NULL, 0);
}

/// Ends the child: `quit`, then SIGKILL if it is still there after STOP_TIMEOUT_MS.
static void stop_child(struct slate_server *s) {
    if (s->control >= 0) {
        const char *quit = "quit";
        send(s->control, quit, strlen(quit), MSG_NOSIGNAL);
    }
    if (s->child > 0) {
        int status = 0;
        for (int waited = 0; waitpid(s->child, &status, WNOHANG) == 0; waited += 2) {
            if (waited >= STOP_TIMEOUT_MS) {
                say("slate (pid %d) did not quit; killed", (int)s->child);
                kill(s->child, SIGKILL);
                waitpid(s->child, &status, 0);
                break;
            }
            nanosleep(&(struct timespec){.tv_nsec = 2 * 1000 * 1000}, NULL);
        }
        if (WIFSIGNALED(status) && WTERMSIG(status) != SIGKILL)
            say("slate (pid %d) ended by signal %d", (int)s->child, WTERMSIG(status));
        s->child = 0;
    }
    if (s->control >= 0) close(s->control);
    s->control = -1;
}

// ---- Clients --------------------------------------------------------------------------------------

static int create_client_socket(WlcsDisplayServer *server) {
    struct slate_server *s = (struct slate_server *)server;
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0) return -1;
    uint32_t number = ++s->next_client;
    char text[64];
    snprintf(text, sizeof text, "client %u", number);
    int r = command(s, text, pair[1], NULL, 0);
    close(pair[1]);
    if (r != 0) {
        close(pair[0]);
        errno = ECONNREFUSED;
        return -1;
    }
    int slot = -1;
    for (int i = 0; i < MAX_CLIENTS; i++) {
        if (s->clients[i].fd == pair[0] || (slot < 0 && s->clients[i].fd < 0)) slot = i;
        if (s->clients[i].fd == pair[0]) break;
    }
    if (slot < 0) slot = (int)(number % MAX_CLIENTS);
    s->clients[slot].fd = pair[0];
    s->clients[slot].number = number;
    return pair[0];
}

static void position_window_absolute(WlcsDisplayServer *server, struct wl_display *client, struct wl_surface *surface,
                                     int x, int y) {
    struct slate_server *s = (struct slate_server *)server;
    int fd = wl_display_get_fd(client);
    for (int i = 0; i < MAX_CLIENTS; i++) {
        if (s->clients[i].fd != fd) continue;
        commandf(s, "place %u %u %d %d", s->clients[i].number, wl_proxy_get_id((struct wl_proxy *)surface), x, y);
        return;
    }
    say("position_window_absolute: a client this module did not connect");
}

// ---- The pointer ----------------------------------------------------------------------------------

struct slate_pointer {
    WlcsPointer base;
    struct slate_server *server;
};

static void pointer_move_absolute(WlcsPointer *pointer, wl_fixed_t x, wl_fixed_t y) {
    struct slate_server *s = ((struct slate_pointer *)pointer)->server;
    s->pointer_x = x;
    s->pointer_y = y;
    commandf(s, "pointer %.4f %.4f", wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void pointer_move_relative(WlcsPointer *pointer, wl_fixed_t dx, wl_fixed_t dy) {
    struct slate_server *s = ((struct slate_pointer *)pointer)->server;
    pointer_move_absolute(pointer, s->pointer_x + dx, s->pointer_y + dy);
}

static void pointer_button_down(WlcsPointer *pointer, int button) {
    commandf(((struct slate_pointer *)pointer)->server, "button %d 1", button);
}

static void pointer_button_up(WlcsPointer *pointer, int button) {
    commandf(((struct slate_pointer *)pointer)->server, "button %d 0", button);
}

static void pointer_destroy(WlcsPointer *pointer) { free(pointer); }

static WlcsPointer *create_pointer(WlcsDisplayServer *server) {
    struct slate_pointer *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->base = (WlcsPointer){
        .version = 1,
        .move_absolute = pointer_move_absolute,
        .move_relative = pointer_move_relative,
        .button_up = pointer_button_up,
        .button_down = pointer_button_down,
        .destroy = pointer_destroy,
    };
    p->server = (struct slate_server *)server;
    return &p->base;
}

// ---- Fingers --------------------------------------------------------------------------------------
// (wlcs passes a finger's place as whole pixels, not wl_fixed_t as touch.h declares: its runner
// calls these with ints, and Mir's integration reads them so.)

struct slate_touch {
    WlcsTouch base;
    struct slate_server *server;
    int id, down;
};

static void touch_down(WlcsTouch *touch, wl_fixed_t x, wl_fixed_t y) {
    struct slate_touch *t = (struct slate_touch *)touch;
    t->down = 1;
    commandf(t->server, "touch-down %d %d %d", t->id, (int)x, (int)y);
}

static void touch_move(WlcsTouch *touch, wl_fixed_t x, wl_fixed_t y) {
    struct slate_touch *t = (struct slate_touch *)touch;
    commandf(t->server, "touch-move %d %d %d", t->id, (int)x, (int)y);
}

static void touch_up(WlcsTouch *touch) {
    struct slate_touch *t = (struct slate_touch *)touch;
    t->down = 0;
    commandf(t->server, "touch-up %d", t->id);
}

static void touch_destroy(WlcsTouch *touch) { free(touch); }

static WlcsTouch *create_touch(WlcsDisplayServer *server) {
    struct slate_touch *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->base = (WlcsTouch){
        .version = 1,
        .touch_down = touch_down,
        .touch_move = touch_move,
        .touch_up = touch_up,
        .destroy = touch_destroy,
    };
    t->server = (struct slate_server *)server;
    t->id = ++t->server->next_touch;
    return &t->base;
}

// ---- What Slate offers ----------------------------------------------------------------------------

static WlcsExtensionDescriptor offered[128];
static WlcsIntegrationDescriptor descriptor = {.version = 1, .supported_extensions = offered};
static int offered_known = 0;

static void registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
                            uint32_t version) {
    (void)data;
    (void)registry;
    (void)name;
    if (descriptor.num_extensions >= sizeof offered / sizeof *offered) return;
    offered[descriptor.num_extensions].name = strdup(interface);
    offered[descriptor.num_extensions].version = version;
    descriptor.num_extensions++;
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name) {
    (void)data;
    (void)registry;
    (void)name;
}

static const struct wl_registry_listener registry_listener = {registry_global, registry_global_remove};

/// Reads the globals the compositor offers, as a client sees them: the extensions declared.
static void learn_offered(struct slate_server *s) {
    int fd = create_client_socket(&s->base);
    struct wl_display *display = fd >= 0 ? wl_display_connect_to_fd(fd) : NULL;
    if (!display) {
        say("cannot connect to slate to read its globals");
        return;
    }
    struct wl_registry *registry = wl_display_get_registry(display);
    wl_registry_add_listener(registry, &registry_listener, NULL);
    if (wl_display_roundtrip(display) >= 0 && descriptor.num_extensions > 0) offered_known = 1;
    wl_registry_destroy(registry);
    wl_display_disconnect(display);
    if (getenv("SLATE_WLCS_LIST_EXTENSIONS")) {
        for (size_t i = 0; i < descriptor.num_extensions; i++)
            fprintf(stderr, "slate-wlcs: declares %s %u\n", offered[i].name, offered[i].version);
    }
}

static const WlcsIntegrationDescriptor *get_descriptor(const WlcsDisplayServer *server) {
    (void)server;
    return &descriptor;
}

// ---- The server -----------------------------------------------------------------------------------

static void start(WlcsDisplayServer *server) {
    // The child started with the server (its globals are the descriptor): nothing more to do.
    (void)server;
}

static void stop(WlcsDisplayServer *server) { stop_child((struct slate_server *)server); }

static WlcsDisplayServer *create_server(int argc, const char **argv) {
    (void)argc;
    (void)argv;
    struct slate_server *s = calloc(1, sizeof *s);
    if (!s) return NULL;
    s->base = (WlcsDisplayServer){
        .version = 2,
        .start = start,
        .stop = stop,
        .create_client_socket = create_client_socket,
        .position_window_absolute = position_window_absolute,
        .create_pointer = create_pointer,
        .create_touch = create_touch,
        .get_descriptor = get_descriptor,
    };
    s->control = -1;
    for (int i = 0; i < MAX_CLIENTS; i++) s->clients[i].fd = -1;
    // Started now rather than in start(): the suite asks for the descriptor before it starts the
    // server, and the descriptor is what the compositor offers.
    if (start_child(s) != 0) {
        say("slate did not start; this test's server is not there");
    } else if (!offered_known) {
        learn_offered(s);
    }
    return &s->base;
}

static void destroy_server(WlcsDisplayServer *server) {
    struct slate_server *s = (struct slate_server *)server;
    stop_child(s);
    free(s);
}

const WlcsServerIntegration wlcs_server_integration = {
    .version = 1,
    .create_server = create_server,
    .destroy_server = destroy_server,
};
