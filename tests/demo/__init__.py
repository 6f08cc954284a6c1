"""Tests of the Gradio demo (demo/): event functions, the HTTP API and a real browser."""
