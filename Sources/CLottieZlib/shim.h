#include <zlib.h>

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>
/* Bytes the malloc arenas hold free (glibc), so that batch commands can give memory back only
   when enough has piled up; Swift's Glibc module does not expose <malloc.h>. */
static inline size_t lottiekit_malloc_free_bytes(void) {
#if __GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33)
  struct mallinfo2 m = mallinfo2();
  return m.fordblks;
#else
  struct mallinfo m = mallinfo();
  return (size_t)(unsigned int)m.fordblks;
#endif
}
static inline int lottiekit_malloc_trim(void) { return malloc_trim(0); }
/* One malloc arena for the whole process: the batch commands run one worker per core on short,
   allocation-heavy jobs; with an arena per thread each keeps its own high-water mark (peak memory
   varied by 10 MB between identical runs), and one arena measured faster as well. */
static inline void lottiekit_malloc_one_arena(void) { mallopt(M_ARENA_MAX, 1); }
#endif
