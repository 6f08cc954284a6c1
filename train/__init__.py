"""train package."""
import mm.determinism  # noqa: F401  (first: keeps numpy's AVX-512 kernels off; see there)
