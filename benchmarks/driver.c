/* The load generator: spawns servers over pipes, runs one scenario, prints JSON results.
 *
 * Written in C so that the client's own cost is small and the same for petflowd and for the
 * floor. Times come from CLOCK_MONOTONIC; memory from wait4's ru_maxrss of the child.
 *
 *   driver --scenario NAME [options] --server PATH [--server PATH...] [-- COMMAND [ARGS...]]
 *
 * With several servers, every scenario takes turns between them in short blocks (--block N
 * consecutive round trips, after three unrecorded ones; the order swapped every block), so a
 * slow spell on a shared machine falls on all of them alike and their ratios hold even when
 * absolute times do not. Blocks rather than single samples: a server left idle while
 * another answers wakes up slower (a halted vCPU, a migrated task), which would measure the
 * interleaving instead of the server. Results come out as one object per server, in the
 * order given.
 *
 * Scenarios:
 *   pingpong   one field/format chipNumber request in flight at a time, the text growing
 *              digit by digit (0..15 digits, cycling) as a typist's would, caret at the end;
 *              --warmup W then --samples N in blocks; p50/p90/p99 in microseconds
 *   pipelined  --requests N of the same requests written from one poll loop while answers are
 *              read, in --blocks B blocks alternating between servers; requests per second
 *              from the first byte written to the last answer read, summed over the blocks
 *   startup    --samples N fresh processes: spawn to the first answer; median
 *   flownext   for each count F of --flow-counts (default 1,10000), a process with F flows
 *              started; then on its middle flow --samples N cycles of flow/next (a chip
 *              number on reportMissingPet's first step) and flow/back, each timed, all
 *              processes taking turns in blocks; p50/p90/p99 of each
 *   scaling    field/format on chipNumber and text with texts of --sizes (bytes, comma
 *              separated), --reps R each after two unmeasured, case by case with the servers
 *              taking turns per case; median, min and max per case
 *   memory     peak RSS (ru_maxrss) of three fresh processes: idle after one request; after
 *              --requests N requests; with --flows F live flows (requests in windows of
 *              1,000, each window's answers read before the next is sent)
 *
 *   stream     no server: writes the pipelined scenario's --requests N requests to stdout,
 *              framed, for profiling (`driver --scenario stream | valgrind ... petflowd`)
 *
 * --framing lsp (default, what the UIs speak) or ndjson.
 * --cpu N|here|none pins the driver and every server it spawns to one CPU (here: the one the
 *   driver starts on; Linux only). run.py pins the request/answer scenarios: in a VM a wake-up
 *   across vCPUs can cost tens of microseconds, and where the scheduler puts the server flips
 *   from run to run, so unpinned round trips measure the placement more than the server.
 * --wait sleep|spin: wait for answers in poll/read (default) or by spinning on a
 *   non-blocking read.
 *
 * Plain C99 and POSIX; no libraries beyond libc.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
#ifdef __linux__
#define _GNU_SOURCE /* sched_setaffinity, sched_getcpu: --cpu only */
#include <sched.h>
#endif
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static void die(const char *what) {
    fprintf(stderr, "driver: %s: %s\n", what, errno ? strerror(errno) : "failed");
    exit(1);
}

static void fail(const char *message) {
    fprintf(stderr, "driver: %s\n", message);
    exit(1);
}

static uint64_t now_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}

/* ---------------------------------------------------------------- buffers */

struct bytes {
    char *data;
    size_t len, cap;
};

static void reserve(struct bytes *b, size_t extra) {
    if (b->len + extra <= b->cap) return;
    size_t cap = b->cap ? b->cap : 4096;
    while (cap < b->len + extra) cap *= 2;
    char *data = realloc(b->data, cap);
    if (!data) fail("out of memory");
    b->data = data;
    b->cap = cap;
}

static void put(struct bytes *b, const void *p, size_t n) {
    reserve(b, n);
    memcpy(b->data + b->len, p, n);
    b->len += n;
}


static void putf(struct bytes *b, const char *format, ...) {
    va_list args;
    va_start(args, format);
    int n = vsnprintf(NULL, 0, format, args);
    va_end(args);
    reserve(b, (size_t)n + 1);
    va_start(args, format);
    vsnprintf(b->data + b->len, (size_t)n + 1, format, args);
    va_end(args);
    b->len += (size_t)n;
}

/* ---------------------------------------------------------------- framing */

static int ndjson; /* 0: LSP Content-Length framing (default), 1: NDJSON */

/* Appends one framed message whose body is `body`. */
static void frame(struct bytes *out, const struct bytes *body) {
    if (ndjson) {
        put(out, body->data, body->len);
        put(out, "\n", 1);
    } else {
        putf(out, "Content-Length: %zu\r\n\r\n", body->len);
        put(out, body->data, body->len);
    }
}

/* Cuts the server's output into messages, incrementally. */
struct reader {
    int fd;
    struct bytes buf;
    size_t start;       /* first unconsumed byte */
    size_t scanned;     /* how far past start the search for a newline already looked */
    long header_length; /* LSP: the Content-Length read in this header block, or -1 */
    int header_lines;   /* LSP: header lines read in this block */
    long body_len;      /* LSP: length of the body being waited for, or -1 in the headers */
};

/* The next newline at or after start, resuming the previous search; NULL if none yet. */
static char *next_newline(struct reader *r) {
    char *base = r->buf.data + r->start;
    size_t avail = r->buf.len - r->start;
    char *nl = memchr(base + r->scanned, '\n', avail - r->scanned);
    r->scanned = nl ? 0 : avail;
    return nl;
}

/* The next complete message in the buffer, or 0 if more bytes are needed. */
static int take_message(struct reader *r, const char **body, size_t *n) {
    for (;;) {
        char *base = r->buf.data + r->start;
        if (!ndjson && r->body_len >= 0) {
            if (r->buf.len - r->start < (size_t)r->body_len) return 0;
            *body = base;
            *n = (size_t)r->body_len;
            r->start += (size_t)r->body_len;
            r->body_len = -1;
            return 1;
        }
        char *nl = next_newline(r);
        if (!nl) return 0;
        size_t len = (size_t)(nl - base);
        r->start += len + 1;
        if (len > 0 && base[len - 1] == '\r') len--;
        if (ndjson) {
            if (len == 0) continue; /* a blank line */
            *body = base;
            *n = len;
            return 1;
        }
        if (len == 0) { /* the end of a header block, or a blank line between messages */
            if (r->header_lines == 0) continue;
            if (r->header_length < 0) fail("server answered a header block without Content-Length");
            r->body_len = r->header_length;
            r->header_length = -1;
            r->header_lines = 0;
            continue;
        }
        r->header_lines++;
        if (len > 15 && strncasecmp(base, "content-length:", 15) == 0)
            r->header_length = strtol(base + 15, NULL, 10);
    }
}

static void compact(struct reader *r) {
    if (r->start == r->buf.len) {
        r->buf.len = r->start = 0;
    } else if (r->start > (1u << 20) && r->start > r->buf.len / 2) {
        memmove(r->buf.data, r->buf.data + r->start, r->buf.len - r->start);
        r->buf.len -= r->start;
        r->start = 0;
    }
}

/* Whether to wait for answers by spinning on a non-blocking read rather than sleeping. */
static int spin;

/* Pins this process (and so the servers it spawns) to one CPU: N, "here", or "none". */
static void pin(const char *cpu) {
    if (strcmp(cpu, "none") == 0) return;
#ifdef __linux__
    int n = strcmp(cpu, "here") == 0 ? sched_getcpu() : atoi(cpu);
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(n, &set);
    /* Not fatal: a container may refuse; the figures are then unpinned, and say so. */
    if (n < 0 || sched_setaffinity(0, sizeof set, &set) != 0)
        fprintf(stderr, "driver: could not pin to CPU %d (%s); running unpinned\n", n,
                strerror(errno));
#else
    fputs("driver: --cpu is ignored on this system\n", stderr);
#endif
}

/* One read from the server into the buffer; 0 at end of output. */
static int fill(struct reader *r) {
    compact(r);
    reserve(&r->buf, 65536);
    for (;;) {
        ssize_t n = read(r->fd, r->buf.data + r->buf.len, r->buf.cap - r->buf.len);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n < 0) die("read");
        r->buf.len += (size_t)n;
        return n > 0;
    }
}

/* ---------------------------------------------------------------- the server */

struct child {
    pid_t pid;
    int to; /* its stdin, non-blocking */
    struct reader from;
    double user_s, sys_s; /* CPU time, once reaped */
};

#define MAX_SERVERS 8
static char **servers[MAX_SERVERS];
static int nservers;

static void spawn(struct child *c, char **argv) {
    int in[2], out[2];
    if (pipe(in) < 0 || pipe(out) < 0) die("pipe");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in[0], 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addclose(&actions, in[0]);
    posix_spawn_file_actions_addclose(&actions, in[1]);
    posix_spawn_file_actions_addclose(&actions, out[0]);
    posix_spawn_file_actions_addclose(&actions, out[1]);
    int err = posix_spawn(&c->pid, argv[0], &actions, NULL, argv, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (err) {
        errno = err;
        die(argv[0]);
    }
    close(in[0]);
    close(out[1]);
    c->to = in[1];
    /* Only the child's copies may survive into the next child: a sibling holding our end of
     * a pipe would keep it from ever seeing its input end. */
    fcntl(c->to, F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    fcntl(c->to, F_SETFL, fcntl(c->to, F_GETFL) | O_NONBLOCK);
    if (spin) fcntl(out[0], F_SETFL, fcntl(out[0], F_GETFL) | O_NONBLOCK);
    memset(&c->from, 0, sizeof c->from);
    c->from.fd = out[0];
    c->from.body_len = -1;
    c->from.header_length = -1;
    c->user_s = c->sys_s = 0;
}

/* Closes the server's stdin, reads whatever is left, and reaps it: answers ru_maxrss (KiB). */
static long finish(struct child *c) {
    close(c->to);
    while (fill(&c->from)) c->from.buf.len = c->from.start = c->from.scanned = 0;
    close(c->from.fd);
    free(c->from.buf.data);
    int status;
    struct rusage usage;
    while (wait4(c->pid, &status, 0, &usage) < 0)
        if (errno != EINTR) die("wait4");
    if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) fail("the server did not exit with 0");
    c->user_s = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6;
    c->sys_s = (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
    return usage.ru_maxrss;
}

typedef void (*on_message)(void *context, size_t index, const char *body, size_t n);

/* Writes `n` bytes of requests while reading answers, until `answers` have been read.
 * Reading comes first: as a UI would, the driver takes every answer that is ready before
 * writing more, so the server never has to hold a backlog of answers (which would show up
 * in its memory). Answers the time the first byte was written (ns). */
static uint64_t exchange(struct child *c, const char *data, size_t n, size_t answers,
                         on_message callback, void *context) {
    size_t written = 0, read_count = 0;
    uint64_t first = now_ns();
    for (;;) {
        const char *body;
        size_t len;
        while (read_count < answers && take_message(&c->from, &body, &len)) {
            if (callback) callback(context, read_count, body, len);
            read_count++;
        }
        if (read_count >= answers && written >= n) break;
        if (written < n) {
            if (written > 0) { /* the first chunk goes at once: a round trip adds no poll */
                struct pollfd fds[2] = {{c->from.fd, POLLIN, 0}, {c->to, POLLOUT, 0}};
                if (poll(fds, 2, spin ? 0 : -1) < 0 && errno != EINTR) die("poll");
                if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
                    if (!fill(&c->from)) fail("the server closed its output early");
                    continue;
                }
                if (!(fds[1].revents & (POLLOUT | POLLERR))) continue;
            }
            size_t chunk = n - written < 65536 ? n - written : 65536;
            ssize_t w = write(c->to, data + written, chunk);
            if (w > 0) written += (size_t)w;
            else if (w < 0 && errno != EAGAIN && errno != EINTR) die("write");
            continue;
        }
        if (!fill(&c->from)) fail("the server closed its output early");
    }
    return first;
}

/* The k-th server to visit in turn `turn`: the order is reversed every other turn, so no
 * server always goes first (right after the driver's own bookkeeping, say). */
static int visit(long turn, int k) { return turn % 2 ? nservers - 1 - k : k; }

/* ---------------------------------------------------------------- requests */

static unsigned long long next_id = 1;

/* The chip number text a typist holds after typing digit `n` (0..15): the previous answer
 * (digits grouped 5-5-5, a hyphen once a digit follows it) plus the new digit. */
static void typed_chip(int n, char *text) {
    static const char digits[] = "123456789012345";
    size_t len = 0;
    for (int i = 0; i < n; i++) {
        /* The hyphens the previous answer (n - 1 digits) showed. */
        if ((i == 5 && n - 1 > 5) || (i == 10 && n - 1 > 10)) text[len++] = '-';
        text[len++] = digits[i];
    }
    text[len] = 0;
}

static void chip_request(struct bytes *out, int n) {
    char text[32];
    typed_chip(n, text);
    struct bytes body = {0};
    putf(&body,
         "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"field/format\",\"params\":{\"field\":"
         "\"chipNumber\",\"text\":\"%s\",\"caret\":%zu}}",
         next_id++, text, strlen(text));
    frame(out, &body);
    free(body.data);
}

static void request(struct bytes *out, const char *method, const char *params) {
    struct bytes body = {0};
    putf(&body, "{\"jsonrpc\":\"2.0\",\"id\":%llu,\"method\":\"%s\",\"params\":%s}", next_id++,
         method, params);
    frame(out, &body);
    free(body.data);
}

/* One request, one answer: answers the round trip in ns. */
static uint64_t round_trip(struct child *c, const struct bytes *req, on_message callback,
                           void *context) {
    uint64_t t0 = now_ns();
    exchange(c, req->data, req->len, 1, callback, context);
    return now_ns() - t0;
}

/* ---------------------------------------------------------------- output */

static int compare(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Nearest-rank percentile of sorted values, in microseconds. */
static double pct(const uint64_t *sorted, size_t n, double q) {
    if (n == 0) return 0;
    size_t rank = (size_t)(q * (double)n + 0.999999);
    if (rank < 1) rank = 1;
    if (rank > n) rank = n;
    return (double)sorted[rank - 1] / 1000.0;
}

static void print_latencies(const char *name, uint64_t *samples, size_t n) {
    qsort(samples, n, sizeof *samples, compare);
    double sum = 0;
    for (size_t i = 0; i < n; i++) sum += (double)samples[i];
    printf("\"%s\":{\"samples\":%zu,\"p50_us\":%.3f,\"p90_us\":%.3f,\"p99_us\":%.3f,"
           "\"min_us\":%.3f,\"max_us\":%.3f,\"mean_us\":%.3f}",
           name, n, pct(samples, n, 0.50), pct(samples, n, 0.90), pct(samples, n, 0.99),
           pct(samples, n, 0.0), (double)samples[n - 1] / 1000.0, sum / (double)n / 1000.0);
}

static void print_string(const char *s) {
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') putchar('\\');
        if ((unsigned char)*s >= 0x20) putchar(*s);
    }
    putchar('"');
}

/* Opens the results: {"scenario":..., "framing":..., "servers":[ */
static void open_results(const char *scenario) {
    printf("{\"scenario\":\"%s\",\"framing\":\"%s\",\"servers\":[", scenario,
           ndjson ? "ndjson" : "lsp");
}

/* Opens server k's object, with its command. */
static void open_server(int k) {
    printf("%s{\"command\":", k ? "," : "");
    print_string(servers[k][0]);
    printf(",");
}

static void close_results(void) { printf("]}\n"); }

/* CPU time the process has run, in ns, from /proc/PID/schedstat (Linux; exact, unlike the
 * tick-sampled ru_utime/ru_stime); -1 where there is no such file. */
static long long cpu_ns(pid_t pid) {
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/schedstat", (long)pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long long ns = -1;
    if (fscanf(f, "%lld", &ns) != 1) ns = -1;
    fclose(f);
    return ns;
}

/* The server's CPU per request: over the measured window when schedstat is there (so
 * start-up and warm-up are left out), else over its whole life from wait4. */
static void print_cpu(const struct child *c, long long window_ns, long window_requests,
                      long lifetime_requests) {
    if (window_ns >= 0)
        printf("\"server_cpu_us_per_request\":%.3f,", (double)window_ns / 1e3 / (double)window_requests);
    else
        printf("\"server_cpu_us_per_request\":%.3f,",
               (c->user_s + c->sys_s) * 1e6 / (double)lifetime_requests);
    printf("\"server_lifetime_cpu_s\":{\"user\":%.6f,\"sys\":%.6f}", c->user_s, c->sys_s);
}

/* ---------------------------------------------------------------- scenarios */

static long samples = 10000, warmup = 1000, requests = 200000, flows = 10000, reps = 10;
static long blocks = 10, block = 500;
#define REWARM 3 /* unrecorded round trips at the start of each block */
static const char *sizes = "1024,65536,1048576";
static const char *flow_counts = "1,10000";

static void warm(struct child *c, long count) {
    struct bytes req = {0};
    for (long i = 0; i < count; i++) {
        req.len = 0;
        chip_request(&req, (int)(i % 16));
        round_trip(c, &req, NULL, NULL);
    }
    free(req.data);
}

static void spawn_all(struct child *c) {
    for (int k = 0; k < nservers; k++) spawn(&c[k], servers[k]);
}

static void pingpong(void) {
    struct child c[MAX_SERVERS];
    spawn_all(c);
    for (int k = 0; k < nservers; k++) warm(&c[k], warmup);
    uint64_t *t = malloc((size_t)(samples * nservers) * sizeof *t);
    struct bytes req = {0};
    long long cpu0[MAX_SERVERS];
    long sent[MAX_SERVERS] = {0};
    for (int k = 0; k < nservers; k++) cpu0[k] = cpu_ns(c[k].pid);
    for (long first = 0, turn = 0; first < samples; first += block, turn++) {
        long last = first + block < samples ? first + block : samples;
        for (int j = 0; j < nservers; j++) {
            int k = visit(turn, j);
            for (long i = first - REWARM; i < last; i++) {
                req.len = 0;
                chip_request(&req, (int)((i + 16 * REWARM) % 16));
                uint64_t elapsed = round_trip(&c[k], &req, NULL, NULL);
                sent[k]++;
                if (i >= first) t[k * samples + i] = elapsed;
            }
        }
    }
    long long window[MAX_SERVERS];
    for (int k = 0; k < nservers; k++) {
        long long now = cpu_ns(c[k].pid);
        window[k] = now >= 0 && cpu0[k] >= 0 ? now - cpu0[k] : -1;
    }
    open_results("pingpong");
    for (int k = 0; k < nservers; k++) {
        long rss = finish(&c[k]);
        open_server(k);
        print_latencies("latency", t + k * samples, (size_t)samples);
        printf(",");
        print_cpu(&c[k], window[k], sent[k], sent[k] + warmup);
        printf(",\"maxrss_kb\":%ld}", rss);
    }
    close_results();
    free(t);
    free(req.data);
}

/* `count` chip-number requests, framed, in one buffer. */
static void chip_stream(struct bytes *out, long count) {
    for (long i = 0; i < count; i++) chip_request(out, (int)(i % 16));
}

static void pipelined(void) {
    struct child c[MAX_SERVERS];
    spawn_all(c); /* before the big buffer: see memory() on ru_maxrss */
    long per_block = (requests + blocks - 1) / blocks;
    struct bytes stream = {0};
    chip_stream(&stream, per_block);
    for (int k = 0; k < nservers; k++) warm(&c[k], warmup);
    uint64_t elapsed[MAX_SERVERS] = {0};
    long done[MAX_SERVERS] = {0};
    long long window[MAX_SERVERS];
    for (int k = 0; k < nservers; k++) window[k] = cpu_ns(c[k].pid);
    for (long b = 0; b < blocks; b++) {
        for (int j = 0; j < nservers; j++) {
            int k = visit(b, j);
            uint64_t first = exchange(&c[k], stream.data, stream.len, (size_t)per_block, NULL, NULL);
            elapsed[k] += now_ns() - first;
            done[k] += per_block;
        }
    }
    for (int k = 0; k < nservers; k++) {
        long long now = cpu_ns(c[k].pid);
        window[k] = now >= 0 && window[k] >= 0 ? now - window[k] : -1;
    }
    open_results("pipelined");
    for (int k = 0; k < nservers; k++) {
        long rss = finish(&c[k]);
        open_server(k);
        printf("\"requests\":%ld,\"blocks\":%ld,\"seconds\":%.6f,\"requests_per_second\":%.1f,"
               "\"ns_per_request\":%.1f,",
               done[k], blocks, (double)elapsed[k] / 1e9,
               (double)done[k] * 1e9 / (double)elapsed[k], (double)elapsed[k] / (double)done[k]);
        print_cpu(&c[k], window[k], done[k], done[k] + warmup);
        printf(",\"maxrss_kb\":%ld}", rss);
    }
    close_results();
    free(stream.data);
}

static void stream(void) {
    struct bytes out = {0};
    chip_stream(&out, requests);
    for (size_t done = 0; done < out.len;) {
        ssize_t w = write(1, out.data + done, out.len - done);
        if (w < 0 && errno == EINTR) continue;
        if (w < 0) die("write");
        done += (size_t)w;
    }
    free(out.data);
}

static void startup(void) {
    uint64_t *t = malloc((size_t)(samples * nservers) * sizeof *t);
    struct bytes req = {0};
    chip_request(&req, 6);
    for (long i = 0; i < samples; i++) {
        for (int j = 0; j < nservers; j++) {
            int k = visit(i, j);
            struct child c;
            uint64_t t0 = now_ns();
            spawn(&c, servers[k]);
            exchange(&c, req.data, req.len, 1, NULL, NULL);
            t[k * samples + i] = now_ns() - t0;
            finish(&c);
        }
    }
    open_results("startup");
    for (int k = 0; k < nservers; k++) {
        open_server(k);
        print_latencies("spawn_to_first_answer", t + k * samples, (size_t)samples);
        printf("}");
    }
    close_results();
    free(t);
    free(req.data);
}

/* Keeps the flowId of the answer at `want`. */
struct pick {
    size_t want;
    char id[128];
};

static void pick_flow_id(void *context, size_t index, const char *body, size_t n) {
    struct pick *p = context;
    if (index != p->want) return;
    p->want = (size_t)-1;
    static const char key[] = "\"flowId\":\"";
    for (size_t i = 0; i + sizeof key - 1 < n; i++) {
        if (memcmp(body + i, key, sizeof key - 1) != 0) continue;
        const char *s = body + i + sizeof key - 1;
        const char *e = memchr(s, '"', n - (size_t)(s - body));
        if (!e || (size_t)(e - s) >= sizeof p->id) break;
        memcpy(p->id, s, (size_t)(e - s));
        p->id[e - s] = 0;
        return;
    }
    fail("no flowId in the flow/start answer");
}

/* Starts `count` flows, pipelined in windows of `window` requests (each window's answers read
 * before the next is sent); keeps the middle one's id. */
static void start_flows(struct child *c, long count, long window, struct pick *pick) {
    struct bytes stream = {0};
    for (long done = 0; done < count;) {
        long now = count - done < window ? count - done : window;
        stream.len = 0;
        for (long i = 0; i < now; i++)
            request(&stream, "flow/start", "{\"flow\":\"reportMissingPet\"}");
        long want = count / 2 - done;
        pick->want = want >= 0 && want < now ? (size_t)want : (size_t)-1;
        exchange(c, stream.data, stream.len, (size_t)now, pick_flow_id, pick);
        done += now;
    }
    free(stream.data);
}

static void check_not_error(void *context, size_t index, const char *body, size_t n) {
    (void)context;
    (void)index;
    static const char key[] = "\"error\":{\"code\":-"; /* a JSON-RPC error, not a field's */
    for (size_t i = 0; i + sizeof key - 1 <= n; i++)
        if (memcmp(body + i, key, sizeof key - 1) == 0) {
            fprintf(stderr, "driver: error answer: %.*s\n", (int)(n < 400 ? n : 400), body);
            exit(1);
        }
}

static void flownext(void) {
    /* One process per server and flow count, all taking turns in blocks, so "10,000 flows
     * against 1" is measured under the same conditions. */
    long counts[8];
    int ncounts = 0;
    for (const char *p = flow_counts; *p && ncounts < 8;) {
        counts[ncounts++] = strtol(p, (char **)&p, 10);
        if (*p == ',') p++;
    }
    int n = nservers * ncounts;
    if (n > MAX_SERVERS * 2) fail("too many servers times flow counts");
    struct child c[MAX_SERVERS * 2];
    struct pick pick[MAX_SERVERS * 2];
    for (int m = 0; m < n; m++) spawn(&c[m], servers[m / ncounts]);
    for (int m = 0; m < n; m++) {
        warm(&c[m], warmup);
        start_flows(&c[m], counts[m % ncounts], 1000, &pick[m]);
    }
    char params[256];
    struct bytes next = {0}, back = {0};
    size_t total = (size_t)(samples * n);
    uint64_t *tn = malloc(total * sizeof *tn), *tb = malloc(total * sizeof *tb);
    long skip = warmup / 4;
    for (long first = -skip, turn = 0; first < samples; turn++) {
        /* The warm-up cycles are a block of their own, unrecorded. */
        long last = first < 0 ? 0 : (first + block < samples ? first + block : samples);
        for (int j = 0; j < n; j++) {
            int m = turn % 2 ? n - 1 - j : j;
            for (long i = first - REWARM; i < last; i++) {
                next.len = back.len = 0;
                snprintf(params, sizeof params,
                         "{\"flowId\":\"%s\",\"values\":{\"chipNumber\":\"12345-67890-12345\"}}",
                         pick[m].id);
                request(&next, "flow/next", params);
                snprintf(params, sizeof params, "{\"flowId\":\"%s\"}", pick[m].id);
                request(&back, "flow/back", params);
                uint64_t a = round_trip(&c[m], &next, check_not_error, NULL);
                uint64_t b = round_trip(&c[m], &back, check_not_error, NULL);
                if (i >= first && i >= 0) {
                    tn[m * samples + i] = a;
                    tb[m * samples + i] = b;
                }
            }
        }
        first = last;
    }
    open_results("flownext");
    for (int k = 0; k < nservers; k++) {
        open_server(k);
        printf("\"by_flows\":[");
        for (int f = 0; f < ncounts; f++) {
            int m = k * ncounts + f;
            long rss = finish(&c[m]);
            printf("%s{\"flows\":%ld,", f ? "," : "", counts[f]);
            print_latencies("next", tn + m * samples, (size_t)samples);
            printf(",");
            print_latencies("back", tb + m * samples, (size_t)samples);
            printf(",\"maxrss_kb\":%ld}", rss);
        }
        printf("]}");
    }
    close_results();
    free(tn);
    free(tb);
    free(next.data);
    free(back.data);
}

/* A pasted text of exactly `size` bytes for `field`: junk around digits for a chip number;
 * prose with accents and an emoji for free text. Answers its length in UTF-16 units. */
static size_t paste(struct bytes *text, const char *field, size_t size) {
    static const char chip[] = "12345-67890 98765 ";
    static const char prose[] =
        "Brown dog, white paws, answers to Reksio. Zaginął w pobliżu parku \xF0\x9F\x90\xB6. ";
    const char *unit = strcmp(field, "text") == 0 ? prose : chip;
    size_t unit_len = strlen(unit);
    text->len = 0;
    while (text->len + unit_len <= size) put(text, unit, unit_len);
    while (text->len < size) put(text, "x", 1);
    size_t utf16 = 0;
    for (size_t i = 0; i < text->len; i++) {
        unsigned char b = (unsigned char)text->data[i];
        if ((b & 0xC0) != 0x80) utf16 += b >= 0xF0 ? 2 : 1;
    }
    return utf16;
}

static void scaling(void) {
    static const char *fields[] = {"chipNumber", "text"};
    long list[16];
    int nsizes = 0;
    for (const char *p = sizes; *p && nsizes < 16;) {
        list[nsizes++] = strtol(p, (char **)&p, 10);
        if (*p == ',') p++;
    }
    int cases = 2 * nsizes;
    struct child c[MAX_SERVERS];
    spawn_all(c); /* before the big buffers: see memory() on ru_maxrss */
    struct bytes *reqs = calloc((size_t)cases, sizeof *reqs);
    struct bytes text = {0}, params = {0};
    for (int f = 0; f < 2; f++)
        for (int s = 0; s < nsizes; s++) {
            size_t utf16 = paste(&text, fields[f], (size_t)list[s]);
            params.len = 0;
            putf(&params, "{\"field\":\"%s\",\"text\":\"", fields[f]);
            put(&params, text.data, text.len);
            putf(&params, "\",\"caret\":%zu}", utf16);
            put(&params, "", 1);
            request(&reqs[f * nsizes + s], "field/format", params.data);
        }
    uint64_t *t = calloc((size_t)(cases * reps * nservers), sizeof *t);
    for (int k = 0; k < nservers; k++) warm(&c[k], warmup);
    /* Case by case, each after two unmeasured runs: a small text timed right after a 1 MiB
     * one pays for the caches the big one flushed, which is not what its size costs. */
    for (int i = 0; i < cases; i++)
        for (int j = 0; j < nservers; j++) {
            int k = visit(i, j);
            for (int w = 0; w < 2; w++) round_trip(&c[k], &reqs[i], check_not_error, NULL);
            for (long r = 0; r < reps; r++)
                t[(k * cases + i) * reps + r] = round_trip(&c[k], &reqs[i], check_not_error, NULL);
        }
    open_results("scaling");
    for (int k = 0; k < nservers; k++) {
        long rss = finish(&c[k]);
        open_server(k);
        printf("\"reps\":%ld,\"cases\":[", reps);
        for (int i = 0; i < cases; i++) {
            uint64_t *x = t + (k * cases + i) * reps;
            qsort(x, (size_t)reps, sizeof *x, compare);
            printf("%s{\"field\":\"%s\",\"bytes\":%ld,\"median_us\":%.3f,\"min_us\":%.3f,"
                   "\"max_us\":%.3f}",
                   i ? "," : "", fields[i / nsizes], list[i % nsizes],
                   pct(x, (size_t)reps, 0.5), pct(x, (size_t)reps, 0),
                   (double)x[reps - 1] / 1000.0);
        }
        printf("],\"maxrss_kb\":%ld}", rss);
    }
    close_results();
    for (int i = 0; i < cases; i++) free(reqs[i].data);
    free(reqs);
    free(t);
    free(text.data);
    free(params.data);
}

/* The kernel's own high-water mark of the live process (Linux), in KiB, or -1. */
static long vm_hwm(pid_t pid) {
    char path[64], line[256];
    snprintf(path, sizeof path, "/proc/%ld/status", (long)pid);
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    long kb = -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0) kb = atol(line + 6);
    fclose(f);
    return kb;
}

/* Peak RSS (wait4's ru_maxrss) of three fresh processes per server, all spawned before the
 * driver builds any big buffer: Linux carries the parent's peak RSS into a vfork-spawned
 * child's ru_maxrss (exec records the old mm's high-water mark), so a fat driver would
 * inflate a lean server's figure. VmHWM, read from /proc just before stdin is closed, is the
 * server's own peak, without that effect, as a cross-check. Memory is not timed, so the
 * servers simply take turns.
 *
 * Requests go in windows of MEMORY_WINDOW, each window's answers read before the next is
 * sent: at full pipelining speed petflowd reads ahead while its output pipe is full and
 * holds the answers for the reader (by design, up to 64 MiB), so its peak would measure the
 * scheduler's hiccups rather than what requests or flows cost. The pipelined scenario's
 * maxrss_kb is that full-speed figure. */
#define MEMORY_WINDOW 1000
static void memory(void) {
    struct child c[MAX_SERVERS][3];
    long rss[MAX_SERVERS][3], hwm[MAX_SERVERS][3];
    for (int k = 0; k < nservers; k++)
        for (int i = 0; i < 3; i++) spawn(&c[k][i], servers[k]);
    struct bytes one = {0}, window = {0};
    chip_request(&one, 6);
    long per = requests < MEMORY_WINDOW ? requests : MEMORY_WINDOW;
    chip_stream(&window, per);
    for (int k = 0; k < nservers; k++) {
        exchange(&c[k][0], one.data, one.len, 1, NULL, NULL);
        hwm[k][0] = vm_hwm(c[k][0].pid);
        rss[k][0] = finish(&c[k][0]);

        for (long done = 0; done < requests; done += per)
            exchange(&c[k][1], window.data, window.len, (size_t)per, NULL, NULL);
        hwm[k][1] = vm_hwm(c[k][1].pid);
        rss[k][1] = finish(&c[k][1]);

        struct pick pick;
        start_flows(&c[k][2], flows, MEMORY_WINDOW, &pick);
        hwm[k][2] = vm_hwm(c[k][2].pid);
        rss[k][2] = finish(&c[k][2]);
    }
    open_results("memory");
    for (int k = 0; k < nservers; k++) {
        open_server(k);
        printf("\"idle_kb\":%ld,\"after_requests_kb\":%ld,\"requests\":%ld,\"with_flows_kb\":%ld,"
               "\"flows\":%ld,\"vmhwm_kb\":{\"idle\":%ld,\"after_requests\":%ld,"
               "\"with_flows\":%ld}}",
               rss[k][0], rss[k][1], requests, rss[k][2], flows, hwm[k][0], hwm[k][1], hwm[k][2]);
    }
    close_results();
    free(one.data);
    free(window.data);
}

/* ---------------------------------------------------------------- main */

static void usage(void) {
    fputs("usage: driver --scenario pingpong|pipelined|startup|flownext|scaling|memory|stream\n"
          "              [--framing lsp|ndjson] [--samples N] [--warmup N] [--requests N]\n"
          "              [--blocks N] [--block N] [--flows N] [--flow-counts F,F,...]\n"
          "              [--reps N] [--sizes B,B,...]\n"
          "              [--wait sleep|spin] [--cpu N|here|none]\n"
          "              --server PATH [--server PATH...] [-- COMMAND [ARGS...]]\n",
          stderr);
    exit(2);
}

int main(int argc, char **argv) {
    const char *scenario = NULL, *cpu = "none";
    static char *plain[MAX_SERVERS][2];
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0) {
            i++;
            break;
        }
        if (i + 1 >= argc) usage();
        const char *v = argv[++i];
        if (strcmp(a, "--scenario") == 0) scenario = v;
        else if (strcmp(a, "--framing") == 0) ndjson = strcmp(v, "ndjson") == 0;
        else if (strcmp(a, "--samples") == 0) samples = atol(v);
        else if (strcmp(a, "--warmup") == 0) warmup = atol(v);
        else if (strcmp(a, "--requests") == 0) requests = atol(v);
        else if (strcmp(a, "--blocks") == 0) blocks = atol(v);
        else if (strcmp(a, "--block") == 0) block = atol(v);
        else if (strcmp(a, "--wait") == 0) spin = strcmp(v, "spin") == 0;
        else if (strcmp(a, "--cpu") == 0) cpu = v;
        else if (strcmp(a, "--flows") == 0) flows = atol(v);
        else if (strcmp(a, "--reps") == 0) reps = atol(v);
        else if (strcmp(a, "--sizes") == 0) sizes = v;
        else if (strcmp(a, "--flow-counts") == 0) flow_counts = v;
        else if (strcmp(a, "--server") == 0 && nservers < MAX_SERVERS - 1) {
            plain[nservers][0] = (char *)v;
            servers[nservers] = plain[nservers];
            nservers++;
        } else usage();
    }
    if (i < argc) servers[nservers++] = argv + i;
    if (!scenario || samples < 1 || reps < 1 || requests < 1 || flows < 1 || blocks < 1 ||
        block < 1)
        usage();
    if (blocks > requests) blocks = requests;
    if (strcmp(scenario, "stream") == 0) {
        stream();
        return 0;
    }
    if (nservers == 0) usage();
    pin(cpu);
    signal(SIGPIPE, SIG_IGN);
    if (strcmp(scenario, "pingpong") == 0) pingpong();
    else if (strcmp(scenario, "pipelined") == 0) pipelined();
    else if (strcmp(scenario, "startup") == 0) startup();
    else if (strcmp(scenario, "flownext") == 0) flownext();
    else if (strcmp(scenario, "scaling") == 0) scaling();
    else if (strcmp(scenario, "memory") == 0) memory();
    else usage();
    fflush(stdout);
    return 0;
}
