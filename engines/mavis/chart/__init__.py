"""MAVIS content for the chart renderer family: caption writer and perception questions."""
