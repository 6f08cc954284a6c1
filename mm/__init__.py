"""mm: models and inference — CLIP-Math, export to HF, the LLaVA MLLM, CausalMM, adapters."""
