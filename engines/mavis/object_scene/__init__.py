"""MAVIS content for the object_scene renderer family: caption writer, perception questions."""
