// The module's allocator: malloc, free, realloc, calloc and posix_memalign over wasm linear
// memory. Size classes (16-byte steps to 128, then four per doubling) with a free list each:
// freed memory is reused by the next allocation of its class, so a session that repeats its
// work (keystrokes, flows started and ended) keeps its memory flat once warm. Memory grows with
// memory.grow; it is never given back (WebAssembly memory cannot shrink).
#include <stddef.h>
#include <stdint.h>

void *memcpy(void *restrict target, const void *restrict source, size_t count);
void *memset(void *target, int value, size_t count);

extern unsigned char __heap_base;

#define ALIGNMENT 16u
#define HEADER 16u           // before every payload, keeping it 16-byte aligned
#define CLASS_COUNT 104u     // sizes up to 2^31
#define WASM_PAGE 65536u
#define MAX_REQUEST 0x7FFF0000u

// A block's header: its class; the rest pads the payload to 16 bytes.
typedef struct {
  uint32_t size_class;
  uint32_t in_use;
  uint32_t padding[2];
} header_t;

// A free block's payload holds the next free block of its class.
typedef struct free_block {
  struct free_block *next;
} free_block_t;

static free_block_t *free_lists[CLASS_COUNT];
static uintptr_t heap_top;  // the next unused byte
static uintptr_t heap_end;  // the end of linear memory

// The class of a request of `size` bytes (at least 1).
static uint32_t class_of(size_t size) {
  if (size <= 128) return (uint32_t)((size + 15) / 16) - 1;
  uint32_t m = (uint32_t)size - 1;
  uint32_t p = 31 - (uint32_t)__builtin_clz(m);  // 7..30
  uint32_t k = (m - (1u << p)) >> (p - 2);        // 0..3
  return 8 + (p - 7) * 4 + k;
}

// The payload bytes a block of `size_class` holds.
static size_t class_size(uint32_t size_class) {
  if (size_class < 8) return (size_t)(size_class + 1) * 16;
  uint32_t p = 7 + (size_class - 8) / 4;
  uint32_t k = (size_class - 8) % 4;
  return ((size_t)1 << p) + ((size_t)(k + 1) << (p - 2));
}

// `count` bytes from the top of the heap, growing memory as needed; 0 when it cannot grow.
static uintptr_t take_from_top(size_t count) {
  if (heap_top == 0) {
    heap_top = ((uintptr_t)&__heap_base + ALIGNMENT - 1) & ~(uintptr_t)(ALIGNMENT - 1);
    heap_end = __builtin_wasm_memory_size(0) * WASM_PAGE;
  }
  if (count > heap_end - heap_top) {
    size_t missing = count - (heap_end - heap_top);
    size_t pages = (missing + WASM_PAGE - 1) / WASM_PAGE;
    if (__builtin_wasm_memory_grow(0, pages) == (size_t)-1) return 0;
    heap_end += pages * WASM_PAGE;
  }
  uintptr_t block = heap_top;
  heap_top += count;
  return block;
}

void *malloc(size_t size) {
  if (size > MAX_REQUEST) return 0;
  if (size == 0) size = 1;
  uint32_t size_class = class_of(size);
  free_block_t *reused = free_lists[size_class];
  if (reused) {
    free_lists[size_class] = reused->next;
    ((header_t *)reused - 1)->in_use = 1;
    return reused;
  }
  uintptr_t block = take_from_top(HEADER + class_size(size_class));
  if (!block) return 0;
  header_t *header = (header_t *)block;
  header->size_class = size_class;
  header->in_use = 1;
  return header + 1;
}

void free(void *pointer) {
  if (!pointer) return;
  header_t *header = (header_t *)pointer - 1;
  // A double free would link the block twice and hand it out twice: trap instead.
  if (!header->in_use || header->size_class >= CLASS_COUNT) __builtin_trap();
  header->in_use = 0;
  free_block_t *block = pointer;
  block->next = free_lists[header->size_class];
  free_lists[header->size_class] = block;
}

void *realloc(void *pointer, size_t size) {
  if (!pointer) return malloc(size);
  size_t held = class_size(((header_t *)pointer - 1)->size_class);
  if (size <= held) return pointer;
  void *grown = malloc(size);
  if (!grown) return 0;
  memcpy(grown, pointer, held);
  free(pointer);
  return grown;
}

void *calloc(size_t count, size_t size) {
  size_t total;
  if (__builtin_mul_overflow(count, size, &total)) return 0;
  void *pointer = malloc(total);
  if (pointer) memset(pointer, 0, total);
  return pointer;
}

// Every payload is 16-byte aligned; a larger alignment (which nothing here asks for) is
// refused rather than served from a block free() could not give back.
int posix_memalign(void **result, size_t alignment, size_t size) {
  if (alignment > ALIGNMENT || (alignment & (alignment - 1)) != 0) return 22;  // EINVAL
  void *pointer = malloc(size);
  if (!pointer) return 12;  // ENOMEM
  *result = pointer;
  return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
  void *pointer = 0;
  return posix_memalign(&pointer, alignment, size) == 0 ? pointer : 0;
}

// For the Swift side's own buffers (the names malloc and free are the runtime's to call).
void *petflow_memory_allocate(size_t size) { return malloc(size); }
void petflow_memory_free(void *pointer) { free(pointer); }

// Linear memory in use: the top of the heap (the memory test reads it).
size_t petflow_heap_top(void) { return heap_top; }
