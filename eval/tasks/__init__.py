"""Benchmark tasks, one module each; they register with ``eval.task.register_task``."""
