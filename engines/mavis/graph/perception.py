"""Perception questions on graph pictures: counts of nodes, edges and isolated nodes (where
there are any), whether it is directed or weighted, whether a directed graph is connected
ignoring its arrows and an undirected one has a cycle, the node of most edges (when single),
one node's edges and neighbours, and whether two nodes are joined.

Each is answered from the diagram's facts and needs the image to answer (see
engines/mavis/perception.py for how they are asked, open or yes/no, and balanced).

    python -c "import numpy as np, renderers; from engines.mavis.perception import \
perception_questions as q; f = renderers.get_family('graph'); \
print(q('graph', f.facts(f.sample_spec(np.random.default_rng(0)))))"
"""
from __future__ import annotations

from engines.mavis.perception import Ask, ask, asker, collect, unique_arg, yes_no


def _node(f: dict, k: int = 0) -> str:
    """A node picked by the graph itself (its edge count), so questions vary over nodes."""
    nodes = f["nodes"]
    return nodes[(f["n_edges"] * 3 + k) % len(nodes)]


def _joined(f: dict) -> Ask:
    a, b = _node(f), _node(f, 1 + f["n_nodes"] // 2)
    if a == b:
        raise ValueError("one node")
    edges = {tuple(e) for e in f["edges"]}
    joined = (a, b) in edges or (not f["directed"] and (b, a) in edges)
    if f["directed"]:
        return ask("Is there an edge from node {a} to node {b}?", yes_no(joined), a=a, b=b)
    return ask("Are nodes {a} and {b} joined by an edge?", yes_no(joined), a=a, b=b)


# Questions whose answer the sampled networks all but fix are not asked: an undirected
# network is connected in 96% of them (in one piece in 95% of all), a directed one has no
# cycle along its arrows in 98%; a rule blind to the picture would answer them.


def _connected(f: dict) -> Ask | None:
    """Connectivity of a directed graph ignoring directions (the facts' components), asked so
    since "connected" alone may be read as every node reaching every other along the
    arrows."""
    if f["directed"]:
        return ask("Ignoring the arrows' directions, is the graph connected?",
                   yes_no(f["is_connected"]))
    return None


def _cycle(f: dict) -> Ask | None:
    """Whether an undirected graph contains a cycle (the facts' ``has_cycle``)."""
    return None if f["directed"] else ask("Does the graph contain a cycle?",
                                          yes_no(f["has_cycle"]))


@asker("graph")
def questions(f: dict) -> list[Ask]:
    return collect(
        f,
        lambda f: ask("How many nodes does the graph have?", f["n_nodes"],
                      "Does the graph have {} nodes?|Does the graph have 1 node?"),
        lambda f: ask("How many edges does the graph have?", f["n_edges"],
                      "Does the graph have {} edges?|Does the graph have 1 edge?"),
        lambda f: ask("Is the graph directed?", yes_no(bool(f.get("directed")))),
        lambda f: ask("Does the graph show weights on its edges?", yes_no(f["weighted"])),
        _connected,
        _cycle,
        lambda f: ask("Which node has the most edges?", unique_arg(f["degrees"]),
                      "Does node {} have the most edges?", others=f["nodes"])
        if not f["directed"] else None,
        lambda f: ask("How many edges meet at node {node}?", f["degrees"][_node(f)],
                      "Do {} edges meet at node {node}?|Does 1 edge meet at node {node}?",
                      node=_node(f)) if not f["directed"] else None,
        # asked where a node stands alone: the sampled networks have none, and a question
        # whose answer is always 0 is one the words answer
        lambda f: ask("How many nodes have no edge?", len(f["isolated_nodes"]),
                      "Do {} nodes have no edge?|Does 1 node have no edge?")
        if f["isolated_nodes"] else None,
        _joined,
    )
