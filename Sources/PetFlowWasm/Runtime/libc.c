// The few C library functions the Embedded Swift standard library and the compiler call, for a
// module with no C library: memory, strings, abort, output, random bytes (from the host).
#include <stddef.h>
#include <stdint.h>

// memory.copy and memory.fill (bulk memory, built with -mbulk-memory): one instruction each,
// where a byte loop made a 1 MiB paste's copies the slowest part of the module.
void *memcpy(void *restrict target, const void *restrict source, size_t count) {
  __builtin_memcpy(target, source, count);
  return target;
}

// memory.copy copies as if through a temporary buffer, so overlapping ranges are safe.
void *memmove(void *target, const void *source, size_t count) {
  __builtin_memmove(target, source, count);
  return target;
}

void *memset(void *target, int value, size_t count) {
  __builtin_memset(target, value, count);
  return target;
}

int memcmp(const void *left, const void *right, size_t count) {
  const unsigned char *a = left, *b = right;
  for (; count; count--, a++, b++) {
    if (*a != *b) return *a < *b ? -1 : 1;
  }
  return 0;
}

size_t strlen(const char *text) {
  const char *end = text;
  while (*end) end++;
  return (size_t)(end - text);
}

__attribute__((import_module("petflow"), import_name("log"))) void petflow_host_log(
    const void *address, int length);
__attribute__((import_module("petflow"), import_name("random"))) void petflow_host_random(
    void *address, int length);

// print() in Embedded Swift writes here: a line at a time to the host's log.
static char line[256];
static size_t line_length;

int putchar(int character) {
  if (character != '\n') line[line_length++] = (char)character;
  if (character == '\n' || line_length == sizeof line) {
    petflow_host_log(line, (int)line_length);
    line_length = 0;
  }
  return character;
}

// A failed precondition: a trap, which the host reports and answers with a fresh instance.
_Noreturn void abort(void) { __builtin_trap(); }

void arc4random_buf(void *buffer, size_t count) {
  petflow_host_random(buffer, (int)count);
}
