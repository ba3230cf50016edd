/* The transport floor: reads the framed messages petflowd reads and answers each request
 * with canned bytes of the size petflowd would answer, doing no other work.
 *
 * It is what the benchmark divides by: the cost of two pipes, a process and framing, with
 * nothing behind them. Same shape as petflowd's loop: read up to 64 KiB, cut it into
 * messages (LSP Content-Length headers, or NDJSON lines when the first byte is '{' or '['),
 * append one answer per request to one output buffer, write it once per read.
 *
 * An answer echoes the request's id and carries a canned result picked by method:
 *   field/format (and anything unrecognised)  petflowd's chipNumber answer for 8 digits
 *   a request with "field":"text"             the text copied twice (petflowd's text and value)
 *   flow/start, flow/next, flow/back          petflowd's snapshots, byte for byte in size
 *   initialize, field/list                    enough for the browser scenario's page (a chip
 *                                             number field) through the demo's bridge
 * Requests without an id (notifications) get no answer. Only well-formed input is handled.
 *
 *   floor [--framing auto|lsp|ndjson]
 *
 * Plain C99 and POSIX; no libraries beyond libc.
 */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

enum framing { FRAMING_AUTO, FRAMING_LSP, FRAMING_NDJSON };

/* Canned results, captured from petflowd 0.1.0 (the same sizes, to within a few id bytes). */
static const char FORMAT_RESULT[] =
    "{\"text\":\"12345-678\",\"caret\":9,\"selection\":{\"start\":9,\"end\":9},"
    "\"value\":\"12345678\",\"error\":null}";
static const char FLOW_START_RESULT[] =
    "{\"flowId\":\"f0floor0-1\",\"flow\":\"reportMissingPet\",\"version\":1,\"status\":\"active\","
    "\"rev\":1,\"step\":{\"id\":\"chipNumber\",\"index\":0,\"kind\":\"form\",\"title\":"
    "\"Microchip number\",\"progress\":{\"current\":1,\"total\":4,\"label\":\"1/4\"},\"fields\":"
    "[{\"id\":\"chipNumber\",\"kind\":\"chipNumber\",\"label\":\"Microchip number (optional)\","
    "\"required\":false,\"placeholder\":\"00000-00000-00000\",\"keyboard\":\"numberPad\","
    "\"maxLength\":15,\"options\":null}]},\"values\":{},\"display\":{},\"errors\":{},"
    "\"canBack\":false}";
static const char FLOW_NEXT_RESULT[] =
    "{\"flowId\":\"f0floor0-1\",\"flow\":\"reportMissingPet\",\"version\":1,\"status\":\"active\","
    "\"rev\":3,\"step\":{\"id\":\"photo\",\"index\":1,\"kind\":\"form\",\"title\":\"Animal photo\","
    "\"progress\":{\"current\":2,\"total\":4,\"label\":\"2/4\"},\"fields\":[{\"id\":\"photo\","
    "\"kind\":\"photo\",\"label\":\"Photo (optional)\",\"required\":false,\"placeholder\":\"\","
    "\"keyboard\":\"none\",\"maxLength\":null,\"options\":null}]},\"values\":{\"chipNumber\":"
    "\"123456789012345\"},\"display\":{\"chipNumber\":\"12345-67890-12345\"},\"errors\":{},"
    "\"canBack\":true}";
static const char FLOW_BACK_RESULT[] =
    "{\"flowId\":\"f0floor0-1\",\"flow\":\"reportMissingPet\",\"version\":1,\"status\":\"active\","
    "\"rev\":4,\"step\":{\"id\":\"chipNumber\",\"index\":0,\"kind\":\"form\",\"title\":"
    "\"Microchip number\",\"progress\":{\"current\":1,\"total\":4,\"label\":\"1/4\"},\"fields\":"
    "[{\"id\":\"chipNumber\",\"kind\":\"chipNumber\",\"label\":\"Microchip number (optional)\","
    "\"required\":false,\"placeholder\":\"00000-00000-00000\",\"keyboard\":\"numberPad\","
    "\"maxLength\":15,\"options\":null}]},\"values\":{\"chipNumber\":\"123456789012345\"},"
    "\"display\":{\"chipNumber\":\"12345-67890-12345\"},\"errors\":{},\"canBack\":false}";

/* For the browser scenario, whose page initializes and lists the fields it binds. */
static const char INITIALIZE_RESULT[] =
    "{\"serverInfo\":{\"name\":\"floor\",\"version\":\"0\"},\"positionEncoding\":\"utf-16\","
    "\"locale\":\"en\",\"methods\":[]}";
static const char FIELD_LIST_RESULT[] =
    "{\"fields\":[{\"kind\":\"chipNumber\",\"label\":\"Microchip number\",\"hint\":\"\","
    "\"placeholder\":\"00000-00000-00000\",\"keyboard\":\"numberPad\",\"editing\":\"mask\","
    "\"inputMode\":\"numeric\",\"maxLength\":15,\"options\":null,\"textEditable\":true}]}";

/* A growable byte buffer. */
struct bytes {
    char *data;
    size_t len, cap;
};

static void reserve(struct bytes *b, size_t extra) {
    if (b->len + extra <= b->cap) return;
    size_t cap = b->cap ? b->cap : 65536;
    while (cap < b->len + extra) cap *= 2;
    char *data = realloc(b->data, cap);
    if (!data) {
        fputs("floor: out of memory\n", stderr);
        exit(1);
    }
    b->data = data;
    b->cap = cap;
}

static void put(struct bytes *b, const void *p, size_t n) {
    reserve(b, n);
    memcpy(b->data + b->len, p, n);
    b->len += n;
}

static void puts_(struct bytes *b, const char *s) { put(b, s, strlen(s)); }

/* The first occurrence of needle in [hay, hay+n). */
static const char *find(const char *hay, size_t n, const char *needle) {
    size_t m = strlen(needle);
    if (m > n) return NULL;
    const char *end = hay + n - m;
    for (const char *p = hay; p <= end; p++) {
        p = memchr(p, needle[0], (size_t)(end - p) + 1);
        if (!p) return NULL;
        if (memcmp(p, needle, m) == 0) return p;
    }
    return NULL;
}

static int starts(const char *p, const char *end, const char *prefix) {
    size_t m = strlen(prefix);
    return (size_t)(end - p) >= m && memcmp(p, prefix, m) == 0;
}

static enum framing framing;
static struct bytes out;

/* Answers one message body (a request object; batches are not the floor's business). */
static void answer(const char *body, size_t n) {
    const char *end = body + n;
    /* The id, copied as written: a number or a string without escapes. */
    const char *id = find(body, n, "\"id\":");
    if (!id) return; /* a notification */
    id += 5;
    const char *id_end = id;
    if (id_end < end && *id_end == '"') {
        id_end = memchr(id_end + 1, '"', (size_t)(end - id_end - 1));
        if (!id_end) return;
        id_end++;
    } else {
        while (id_end < end && *id_end != ',' && *id_end != '}') id_end++;
    }

    static struct bytes reply; /* reused: the answer body before framing */
    reply.len = 0;
    puts_(&reply, "{\"jsonrpc\":\"2.0\",\"id\":");
    put(&reply, id, (size_t)(id_end - id));
    puts_(&reply, ",\"result\":");

    const char *method = find(body, n, "\"method\":\"");
    const char *m = method ? method + 10 : end;
    if (starts(m, end, "flow/start\"")) {
        puts_(&reply, FLOW_START_RESULT);
    } else if (starts(m, end, "flow/next\"")) {
        puts_(&reply, FLOW_NEXT_RESULT);
    } else if (starts(m, end, "flow/back\"")) {
        puts_(&reply, FLOW_BACK_RESULT);
    } else if (starts(m, end, "initialize\"")) {
        puts_(&reply, INITIALIZE_RESULT);
    } else if (starts(m, end, "field/list\"")) {
        puts_(&reply, FIELD_LIST_RESULT);
    } else if (find(body, n, "\"field\":\"text\"")) {
        /* petflowd answers a text field with the text twice (text and value). */
        const char *text = find(body, n, "\"text\":\"");
        const char *text_end = NULL;
        if (text) {
            text += 8;
            text_end = memchr(text, '"', (size_t)(end - text));
        }
        if (!text_end) text = text_end = end;
        size_t len = (size_t)(text_end - text);
        char caret[32];
        snprintf(caret, sizeof caret, "%zu", len);
        puts_(&reply, "{\"text\":\"");
        put(&reply, text, len);
        puts_(&reply, "\",\"caret\":");
        puts_(&reply, caret);
        puts_(&reply, ",\"selection\":{\"start\":");
        puts_(&reply, caret);
        puts_(&reply, ",\"end\":");
        puts_(&reply, caret);
        puts_(&reply, "},\"value\":\"");
        put(&reply, text, len);
        puts_(&reply, "\",\"error\":null}");
    } else {
        puts_(&reply, FORMAT_RESULT);
    }
    puts_(&reply, "}");

    if (framing == FRAMING_NDJSON) {
        put(&out, reply.data, reply.len);
        put(&out, "\n", 1);
    } else {
        char header[64];
        int h = snprintf(header, sizeof header, "Content-Length: %zu\r\n\r\n", reply.len);
        put(&out, header, (size_t)h);
        put(&out, reply.data, reply.len);
    }
}

static int is_ws(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; }

/* Reads the Content-Length of a header block [p, end) (without the blank line), or -1. */
static long content_length(const char *p, const char *end) {
    long length = -1;
    while (p < end) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        if (!eol) eol = end;
        const char *colon = memchr(p, ':', (size_t)(eol - p));
        if (colon && colon - p == 14 && strncasecmp(p, "content-length", 14) == 0) {
            const char *v = colon + 1;
            while (v < eol && (*v == ' ' || *v == '\t')) v++;
            length = 0;
            while (v < eol && *v >= '0' && *v <= '9') length = length * 10 + (*v++ - '0');
        }
        p = eol + 1;
    }
    return length;
}

/* Answers every complete message in [data, data+n) and answers how many bytes it used. */
static size_t answer_all(const char *data, size_t n, int at_end) {
    size_t used = 0;
    for (;;) {
        while (used < n && is_ws(data[used])) used++;
        if (used == n) return used;
        if (framing == FRAMING_AUTO)
            framing = (data[used] == '{' || data[used] == '[') ? FRAMING_NDJSON : FRAMING_LSP;
        const char *p = data + used, *end = data + n;
        if (framing == FRAMING_NDJSON) {
            const char *nl = memchr(p, '\n', (size_t)(end - p));
            if (!nl) {
                if (!at_end) return used;
                nl = end;
            }
            answer(p, (size_t)(nl - p));
            used = (size_t)(nl - data) + (nl < end);
        } else {
            /* The header block ends at the first empty line ("\n\n" or "\n\r\n"). */
            const char *q = p, *blank = NULL, *body = NULL;
            while (q < end) {
                const char *nl = memchr(q, '\n', (size_t)(end - q));
                if (!nl) break;
                if (nl == q || (nl == q + 1 && *q == '\r')) {
                    blank = q;
                    body = nl + 1;
                    break;
                }
                q = nl + 1;
            }
            if (!body) return used;
            long length = content_length(p, blank);
            if (length < 0) { /* not the floor's business: drop the block */
                used = (size_t)(body - data);
                continue;
            }
            if ((size_t)(end - body) < (size_t)length) return used;
            answer(body, (size_t)length);
            used = (size_t)(body - data) + (size_t)length;
        }
    }
}

static int flush_out(void) {
    size_t done = 0;
    while (done < out.len) {
        ssize_t w = write(1, out.data + done, out.len - done);
        if (w < 0) {
            if (errno == EINTR) continue;
            return -1;
        }
        done += (size_t)w;
    }
    out.len = 0;
    return 0;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--framing") == 0 && i + 1 < argc) {
            const char *f = argv[++i];
            framing = strcmp(f, "lsp") == 0      ? FRAMING_LSP
                      : strcmp(f, "ndjson") == 0 ? FRAMING_NDJSON
                                                 : FRAMING_AUTO;
        } else {
            fprintf(stderr, "usage: floor [--framing auto|lsp|ndjson]\n");
            return 2;
        }
    }
    struct bytes in = {0};
    reserve(&in, 65536);
    reserve(&out, 65536);
    for (;;) {
        reserve(&in, 65536);
        ssize_t r = read(0, in.data + in.len, 65536);
        if (r < 0) {
            if (errno == EINTR) continue;
            return 1;
        }
        int at_end = r == 0;
        in.len += (size_t)r;
        size_t used = answer_all(in.data, in.len, at_end);
        memmove(in.data, in.data + used, in.len - used);
        in.len -= used;
        if (out.len && flush_out() < 0) return 0; /* the reader went away */
        if (at_end) return 0;
    }
}
