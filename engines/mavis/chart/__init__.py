"""MAVIS content for the chart renderer family: caption writer, perception questions."""
