"""MAVIS content for the graph renderer family: caption writer and perception questions."""
