"""The training stages, one file each; every file registers its stage in ``train.stage.STAGES``
(imported on first lookup, so nothing lists these modules by hand).

    python -c "from train.stage import STAGES; print(STAGES.names())"
"""
