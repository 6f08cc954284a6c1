"""MAVIS content for the object_scene renderer family: caption writer and perception questions."""
