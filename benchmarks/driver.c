/* The load generator: spawns a server over pipes, runs one scenario, prints JSON results.
 *
 * Written in C so that the client's own cost is small and the same for petflowd and for the
 * floor. Times come from CLOCK_MONOTONIC; memory from wait4's ru_maxrss of the child.
 *
 *   driver --scenario NAME [options] -- COMMAND [ARGS...]
 *
 * Scenarios:
 *   pingpong   one field/format chipNumber request in flight at a time, the text growing
 *              digit by digit (0..15 digits, cycling) as a typist's would, caret at the end;
 *              --warmup W then --samples N; p50/p90/p99 in microseconds
 *   pipelined  --requests N of the same requests written from one poll loop while answers are
 *              read; requests per second from the first byte written to the last answer read
 *   startup    --samples N fresh processes: spawn to the first answer; median
 *   flownext   --flows F flow/start calls, then on the middle flow --samples N cycles of
 *              flow/next (a chip number on reportMissingPet's first step) and flow/back,
 *              each timed; p50/p90/p99 of each
 *   scaling    field/format on chipNumber and text with texts of --sizes (bytes, comma
 *              separated), --reps R each after two unmeasured; median, min and max per case
 *   memory     peak RSS (ru_maxrss) of three fresh processes: idle after one request; after
 *              --requests N pipelined requests; with --flows F live flows
 *
 *   stream     no server: writes the pipelined scenario's --requests N requests to stdout,
 *              framed, for profiling (`driver --scenario stream | valgrind ... petflowd`)
 *
 * --framing lsp (default, what the UIs speak) or ndjson.
 *
 * Plain C99 and POSIX; no libraries beyond libc.
 */
#define _POSIX_C_SOURCE 200809L
#define _DEFAULT_SOURCE
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

/* One read from the server into the buffer; 0 at end of output. */
static int fill(struct reader *r) {
    compact(r);
    reserve(&r->buf, 65536);
    for (;;) {
        ssize_t n = read(r->fd, r->buf.data + r->buf.len, r->buf.cap - r->buf.len);
        if (n < 0 && errno == EINTR) continue;
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
};

static char **command;

static void spawn(struct child *c) {
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
    int err = posix_spawn(&c->pid, command[0], &actions, NULL, command, environ);
    posix_spawn_file_actions_destroy(&actions);
    if (err) {
        errno = err;
        die(command[0]);
    }
    close(in[0]);
    close(out[1]);
    c->to = in[1];
    fcntl(c->to, F_SETFD, FD_CLOEXEC);
    fcntl(out[0], F_SETFD, FD_CLOEXEC);
    fcntl(c->to, F_SETFL, fcntl(c->to, F_GETFL) | O_NONBLOCK);
    memset(&c->from, 0, sizeof c->from);
    c->from.fd = out[0];
    c->from.body_len = -1;
    c->from.header_length = -1;
}

/* CPU time of the last server reaped by finish(), in seconds. */
static double child_user_s, child_sys_s;

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
    child_user_s = (double)usage.ru_utime.tv_sec + (double)usage.ru_utime.tv_usec / 1e6;
    child_sys_s = (double)usage.ru_stime.tv_sec + (double)usage.ru_stime.tv_usec / 1e6;
    return usage.ru_maxrss;
}

typedef void (*on_message)(void *context, size_t index, const char *body, size_t n);

/* Writes `n` bytes of requests while reading answers, until `answers` have been read.
 * Answers the time the first byte was written (ns). */
static uint64_t exchange(struct child *c, const char *data, size_t n, size_t answers,
                         on_message callback, void *context) {
    size_t written = 0, read_count = 0;
    uint64_t first = now_ns();
    while (read_count < answers || written < n) {
        if (written < n) {
            size_t chunk = n - written < 65536 ? n - written : 65536;
            ssize_t w = write(c->to, data + written, chunk);
            if (w > 0) {
                written += (size_t)w;
                if (written < n) continue; /* the pipe may take more before we poll */
            } else if (w < 0 && errno != EAGAIN && errno != EINTR) {
                die("write");
            }
        }
        /* Take every answer already buffered before asking the kernel for more. */
        const char *body;
        size_t len;
        int progressed = 0;
        while (read_count < answers && take_message(&c->from, &body, &len)) {
            if (callback) callback(context, read_count, body, len);
            read_count++;
            progressed = 1;
        }
        if (progressed || read_count >= answers) continue;
        if (written < n) {
            struct pollfd fds[2] = {{c->from.fd, POLLIN, 0}, {c->to, POLLOUT, 0}};
            if (poll(fds, 2, -1) < 0 && errno != EINTR) die("poll");
            if (!(fds[0].revents & (POLLIN | POLLHUP | POLLERR))) continue;
        }
        if (!fill(&c->from)) fail("the server closed its output early");
    }
    return first;
}

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

/* ---------------------------------------------------------------- statistics */

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

/* ---------------------------------------------------------------- scenarios */

static long samples = 10000, warmup = 1000, requests = 200000, flows = 10000, reps = 10;
static const char *sizes = "1024,65536,1048576";

static void warm(struct child *c, long count) {
    struct bytes req = {0};
    for (long i = 0; i < count; i++) {
        req.len = 0;
        chip_request(&req, (int)(i % 16));
        round_trip(c, &req, NULL, NULL);
    }
    free(req.data);
}

static void pingpong(void) {
    struct child c;
    spawn(&c);
    warm(&c, warmup);
    uint64_t *t = malloc((size_t)samples * sizeof *t);
    struct bytes req = {0};
    for (long i = 0; i < samples; i++) {
        req.len = 0;
        chip_request(&req, (int)(i % 16));
        t[i] = round_trip(&c, &req, NULL, NULL);
    }
    long rss = finish(&c);
    printf("{\"scenario\":\"pingpong\",");
    print_latencies("latency", t, (size_t)samples);
    printf(",\"server_cpu_us_per_request\":{\"user\":%.3f,\"sys\":%.3f},\"maxrss_kb\":%ld}\n",
           child_user_s * 1e6 / (double)(samples + warmup), child_sys_s * 1e6 / (double)(samples + warmup),
           rss);
    free(t);
    free(req.data);
}

/* `count` chip-number requests, framed, in one buffer. */
static void chip_stream(struct bytes *out, long count) {
    for (long i = 0; i < count; i++) chip_request(out, (int)(i % 16));
}

static void pipelined(void) {
    struct child c;
    spawn(&c); /* before the big buffer: see memory() on ru_maxrss */
    struct bytes stream = {0};
    chip_stream(&stream, requests);
    warm(&c, warmup);
    uint64_t first = exchange(&c, stream.data, stream.len, (size_t)requests, NULL, NULL);
    uint64_t elapsed = now_ns() - first;
    long rss = finish(&c);
    printf("{\"scenario\":\"pipelined\",\"requests\":%ld,\"bytes_written\":%zu,\"seconds\":%.6f,"
           "\"requests_per_second\":%.1f,\"ns_per_request\":%.1f,"
           "\"server_cpu_us_per_request\":{\"user\":%.3f,\"sys\":%.3f},\"maxrss_kb\":%ld}\n",
           requests, stream.len, (double)elapsed / 1e9, (double)requests * 1e9 / (double)elapsed,
           (double)elapsed / (double)requests, child_user_s * 1e6 / (double)(requests + warmup),
           child_sys_s * 1e6 / (double)(requests + warmup), rss);
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
    uint64_t *t = malloc((size_t)samples * sizeof *t);
    struct bytes req = {0};
    chip_request(&req, 6);
    for (long i = 0; i < samples; i++) {
        struct child c;
        uint64_t t0 = now_ns();
        spawn(&c);
        exchange(&c, req.data, req.len, 1, NULL, NULL);
        t[i] = now_ns() - t0;
        finish(&c);
    }
    printf("{\"scenario\":\"startup\",");
    print_latencies("spawn_to_first_answer", t, (size_t)samples);
    printf("}\n");
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

/* Starts `count` flows in one pipelined stream; keeps the middle one's id. */
static void start_flows(struct child *c, long count, struct pick *pick) {
    struct bytes stream = {0};
    for (long i = 0; i < count; i++)
        request(&stream, "flow/start", "{\"flow\":\"reportMissingPet\"}");
    pick->want = (size_t)count / 2;
    pick->id[0] = 0;
    exchange(c, stream.data, stream.len, (size_t)count, pick_flow_id, pick);
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
    struct child c;
    spawn(&c);
    warm(&c, warmup);
    struct pick pick;
    start_flows(&c, flows, &pick);
    char params[256];
    struct bytes next = {0}, back = {0};
    uint64_t *tn = malloc((size_t)samples * sizeof *tn), *tb = malloc((size_t)samples * sizeof *tb);
    long cycles = warmup / 4 + samples;
    for (long i = 0; i < cycles; i++) {
        next.len = back.len = 0;
        snprintf(params, sizeof params,
                 "{\"flowId\":\"%s\",\"values\":{\"chipNumber\":\"12345-67890-12345\"}}", pick.id);
        request(&next, "flow/next", params);
        snprintf(params, sizeof params, "{\"flowId\":\"%s\"}", pick.id);
        request(&back, "flow/back", params);
        uint64_t a = round_trip(&c, &next, check_not_error, NULL);
        uint64_t b = round_trip(&c, &back, check_not_error, NULL);
        long k = i - warmup / 4;
        if (k >= 0) {
            tn[k] = a;
            tb[k] = b;
        }
    }
    long rss = finish(&c);
    printf("{\"scenario\":\"flownext\",\"flows\":%ld,", flows);
    print_latencies("next", tn, (size_t)samples);
    printf(",");
    print_latencies("back", tb, (size_t)samples);
    printf(",\"maxrss_kb\":%ld}\n", rss);
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
    struct child c;
    spawn(&c); /* before the big buffers: see memory() on ru_maxrss */
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
    uint64_t *t = calloc((size_t)(cases * reps), sizeof *t);
    warm(&c, warmup);
    /* Case by case, each after two unmeasured runs: a small text timed right after a 1 MiB
     * one pays for the caches the big one flushed, which is not what its size costs. */
    for (int i = 0; i < cases; i++) {
        for (int w = 0; w < 2; w++) round_trip(&c, &reqs[i], check_not_error, NULL);
        for (long r = 0; r < reps; r++)
            t[i * reps + r] = round_trip(&c, &reqs[i], check_not_error, NULL);
    }
    long rss = finish(&c);
    printf("{\"scenario\":\"scaling\",\"reps\":%ld,\"cases\":[", reps);
    for (int i = 0; i < cases; i++) {
        uint64_t *x = t + i * reps;
        qsort(x, (size_t)reps, sizeof *x, compare);
        printf("%s{\"field\":\"%s\",\"bytes\":%ld,\"median_us\":%.3f,\"min_us\":%.3f,"
               "\"max_us\":%.3f}",
               i ? "," : "", fields[i / nsizes], list[i % nsizes], pct(x, (size_t)reps, 0.5),
               pct(x, (size_t)reps, 0), (double)x[reps - 1] / 1000.0);
    }
    printf("],\"maxrss_kb\":%ld}\n", rss);
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

/* Peak RSS (wait4's ru_maxrss) of three fresh servers, all spawned before the driver builds
 * any big buffer: Linux carries the parent's peak RSS into a vfork-spawned child's
 * ru_maxrss (exec records the old mm's high-water mark), so a fat driver would inflate a
 * lean server's figure. VmHWM, read from /proc just before stdin is closed, is the
 * server's own peak, without that effect, as a cross-check. */
static void memory(void) {
    struct bytes req = {0};
    struct child c[3];
    long hwm[3];
    for (int i = 0; i < 3; i++) spawn(&c[i]);

    chip_request(&req, 6);
    exchange(&c[0], req.data, req.len, 1, NULL, NULL);
    hwm[0] = vm_hwm(c[0].pid);
    long idle = finish(&c[0]);

    req.len = 0;
    chip_stream(&req, requests);
    exchange(&c[1], req.data, req.len, (size_t)requests, NULL, NULL);
    hwm[1] = vm_hwm(c[1].pid);
    long after = finish(&c[1]);
    free(req.data);

    struct pick pick;
    start_flows(&c[2], flows, &pick);
    hwm[2] = vm_hwm(c[2].pid);
    long with_flows = finish(&c[2]);

    printf("{\"scenario\":\"memory\",\"idle_kb\":%ld,\"after_requests_kb\":%ld,\"requests\":%ld,"
           "\"with_flows_kb\":%ld,\"flows\":%ld,\"vmhwm_kb\":{\"idle\":%ld,"
           "\"after_requests\":%ld,\"with_flows\":%ld}}\n",
           idle, after, requests, with_flows, flows, hwm[0], hwm[1], hwm[2]);
}

/* ---------------------------------------------------------------- main */

static void usage(void) {
    fputs("usage: driver --scenario pingpong|pipelined|startup|flownext|scaling|memory|stream\n"
          "              [--framing lsp|ndjson] [--samples N] [--warmup N] [--requests N]\n"
          "              [--flows N] [--reps N] [--sizes B,B,...] -- COMMAND [ARGS...]\n",
          stderr);
    exit(2);
}

int main(int argc, char **argv) {
    const char *scenario = NULL;
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
        else if (strcmp(a, "--flows") == 0) flows = atol(v);
        else if (strcmp(a, "--reps") == 0) reps = atol(v);
        else if (strcmp(a, "--sizes") == 0) sizes = v;
        else usage();
    }
    if (!scenario || samples < 1 || reps < 1 || requests < 1 || flows < 1) usage();
    if (strcmp(scenario, "stream") == 0) {
        stream();
        return 0;
    }
    if (i >= argc) usage();
    command = argv + i;
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
