"""mm: models and inference — CLIP-Math, export to HF, the LLaVA MLLM, CausalMM, adapters."""
import mm.determinism  # noqa: F401  (first: keeps numpy's AVX-512 kernels off; see there)
