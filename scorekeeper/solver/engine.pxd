# Compiled only (setup.py): the C that engine.py's searchers call where plain Python has no word for it.
# BMI2's ``pext`` (setup.py compiles with -mbmi2 where this processor runs it, as with -mpopcnt): the bits
# of ``bits`` at the places of ``mask``'s, closed up (normal_key's runs; sure_tricks' hand among both sides'
# cards); ``pdep`` spreads them back (node's twins). Without -mbmi2, ``PEXT`` is 0 and normal_key reads
# COMPRESS, node and sure_tricks walk the cards (the pext branches an ``if (0)`` that the C compiler drops).
cdef extern from *:
    """
    #if defined(__BMI2__)
    #include <immintrin.h>
    #define SOLVER_PEXT 1
    #define solver_pext(bits, mask) _pext_u64((bits), (mask))
    #define solver_pdep(bits, mask) _pdep_u64((bits), (mask))
    #else
    #define SOLVER_PEXT 0
    #define solver_pext(bits, mask) 0ULL
    #define solver_pdep(bits, mask) 0ULL
    #endif
    """
    const bint PEXT "SOLVER_PEXT"
    unsigned long long _pext "solver_pext"(unsigned long long bits, unsigned long long mask) nogil
    unsigned long long _pdep "solver_pdep"(unsigned long long bits, unsigned long long mask) nogil
    # GCC's count of the zero bits above the highest one (``bsr`` or ``lzcnt``: _top), on every x86-64
    int _leading_zeros "__builtin_clzll"(unsigned long long bits) nogil
