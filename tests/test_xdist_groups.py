"""The xdist groups take effect: under ``make test`` (--dist loadgroup) a grouped test's node id
carries its group, which is how pytest-xdist sends the group to one worker (a pytest release that
renamed the node id made xdist drop the groups silently, and the tiny pipeline ran twice)."""
import pytest


@pytest.mark.xdist_group("probe")
def test_a_grouped_test_is_scheduled_by_its_group(request):
    if not hasattr(request.config, "workerinput") or not request.config.getvalue("loadgroup"):
        pytest.skip("runs under pytest-xdist with --dist loadgroup (make test)")
    assert request.node.nodeid.endswith("::test_a_grouped_test_is_scheduled_by_its_group@probe")
