"""MAVIS content for the graph renderer family: caption writer, perception questions."""
