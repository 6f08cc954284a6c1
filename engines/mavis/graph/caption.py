"""MAVIS-Caption writer for the "graph" family (general, weighted, directed, tree, grid, cycle,
complete and bipartite graphs).

Why rule-based: the facts of ``renderers.graph`` (degrees, components, cycles, shortest paths,
spanning tree) are exact, so a caption assembled from them is true by construction. An opening
sentence (24 phrasings) names the kind and counts; detail sentences list the edges (with
weights or directions), degrees, connectivity and the path / tree facts, in a shuffled order.
Edges are written "A–B" (en dash) or "A→B" so that numeric labels never read as negatives.

    python -m pytest -q tests/engines/mavis/test_chart_graph.py
"""
from __future__ import annotations

import numpy as np

from engines.mavis.registry import caption_writer
from engines.mavis.text import article, join_list, pick
from renderers.text import fmt_num

OPENERS = (
    "The image shows {a_kind} with {n} vertices and {m} edges.",
    "This is {a_kind} on {n} nodes joined by {m} edges.",
    "{A_kind} with {n} labelled nodes and {m} edges is drawn.",
    "Shown here is {a_kind}: {n} vertices, {m} edges.",
    "The figure depicts {a_kind} that has {n} nodes and {m} edges.",
    "We see {a_kind} made of {n} circles (nodes) and {m} connecting edges.",
    "Pictured is {a_kind} with {m} edges among {n} vertices.",
    "The diagram presents {a_kind} of {n} nodes and {m} edges.",
    "Here is {a_kind} having {n} vertices and {m} edges.",
    "The picture contains {a_kind}; it has {n} nodes and {m} edges.",
    "Displayed is {a_kind} with {n} vertices linked by {m} edges.",
    "This illustration is {a_kind} with {n} nodes and {m} edges.",
    "In this image, {a_kind} connects {n} vertices with {m} edges.",
    "The drawing is {a_kind}: {m} edges on {n} nodes.",
    "{A_kind} appears in the image, with {n} nodes and {m} edges.",
    "A network diagram shows {a_kind} of {n} vertices and {m} edges.",
    "The graph in the picture is {a_kind} with {n} nodes and {m} edges.",
    "Presented here is {a_kind} whose {n} vertices share {m} edges.",
    "The visual is {a_kind} with {n} nodes; {m} edges connect them.",
    "Look at {a_kind} built from {n} vertices and {m} edges.",
    "Drawn here: {a_kind}, {n} nodes, {m} edges.",
    "This figure shows {a_kind} in which {n} nodes are joined by {m} edges.",
    "The image contains {a_kind} on {n} vertices with {m} edges.",
    "An image of {a_kind} with {n} circled vertices and {m} edges.",
)

_NOUNS = {
    "general": ("undirected graph", "simple graph"),
    "weighted": ("weighted undirected graph", "weighted graph"),
    "directed": ("directed graph", "digraph"),
    "tree": ("tree", "rooted tree"),
    "grid": ("grid graph", "lattice graph"),
    "cycle": ("cycle graph", "ring-shaped cycle graph"),
    "complete": ("complete graph", "complete undirected graph"),
    "bipartite": ("bipartite graph", "two-row bipartite graph"),
}




def _n(x) -> str:
    return fmt_num(x)


def _edges(rng, f: dict) -> str | None:
    if f["n_edges"] == 0:
        return "There are no edges."
    if f["n_edges"] > 16:
        return None
    if f["weighted"]:
        items = [f"{e} ({_n(w)})" for e, w in f["weights"].items()]
        return pick(rng, ("The edges with their weights are {e}.", "Edge weights: {e}.",
                          "Each edge carries a weight: {e}."), e=join_list(items))
    word = "arrows" if f["directed"] else "edges"
    return pick(rng, ("The {w} are {e}.", "It has the {w} {e}.", "Listed, the {w} are {e}."),
                w=word, e=join_list(f["edge_names"]))


def _degrees(rng, f: dict) -> str:
    if f["directed"]:
        ind, outd = f["in_degrees"], f["out_degrees"]
        items = [f"{v} (in {ind[v]}, out {outd[v]})" for v in f["nodes"]]
        return pick(rng, ("In- and out-degrees: {d}.", "Counting arrows, the degrees are {d}."),
                    d=join_list(items))
    d = f["degrees"]
    return pick(rng, (
        "The degrees are {d}.", "Vertex degrees: {d}.",
        "Counting edges at each node gives {d}.",
    ), d=join_list([f"{v}: {d[v]}" for v in f["nodes"]]))


def _structure(rng, f: dict) -> list[str]:
    out = []
    if f["is_connected"] and f["is_tree"] and not f["directed"]:
        pass  # the tree sentence below says it
    elif f["is_connected"] and f["directed"]:  # the components ignore the arrows' directions
        out.append(pick(rng, ("Ignoring the arrows' directions, the graph is connected.",
                              "Every node can reach every other ignoring direction, so it is "
                              "connected in one piece.")))
    elif f["is_connected"]:
        out.append(pick(rng, ("The graph is connected.",
                              "All vertices lie in one connected piece.")))
    else:
        out.append(pick(rng, (
            "It is not connected: it has {k} components, {c}.",
            "The graph splits into {k} connected components: {c}.",
        ) if not f["directed"] else (
            "Ignoring the arrows' directions, it has {k} separate pieces: {c}.",
            "The graph splits into {k} separate pieces, ignoring direction: {c}.",
        ), k=_n(f["n_components"]), c=join_list(["{" + ", ".join(c) + "}"
                                                  for c in f["components"]])))
    if f["directed"]:
        out.append("It contains a directed cycle." if f["has_cycle"] else pick(rng, (
            "It has no directed cycle, so it is a DAG; a topological order is {o}.",
            "There is no directed cycle; one topological order is {o}.",
        ), o=", ".join(f["topological_order"])))
        if f["sources"]:
            out.append(pick(rng, ("Source nodes (no incoming arrows): {s}.",
                                  "{s} has no incoming arrow."
                                  if len(f["sources"]) == 1 else
                                  "{s} have no incoming arrows."),
                            s=join_list(f["sources"])))
    elif f["kind"] != "tree":
        if f["is_tree"]:
            out.append("It is connected and has no cycles, so it is a tree.")
        else:
            out.append(pick(rng, ("It contains at least one cycle.", "The graph has a cycle."))
                       if f["has_cycle"] else "It has no cycles.")
    if not f["directed"] and f["kind"] not in ("tree",):
        if f["is_bipartite"]:
            a, b = f["bipartition"]
            out.append(pick(rng, (
                "It is bipartite, with parts {a} and {b}.",
                "The vertices split into two independent sets, {a} and {b}.",
            ), a="{" + ", ".join(a) + "}", b="{" + ", ".join(b) + "}"))
        else:
            out.append(pick(rng, ("It is not bipartite.", "An odd cycle makes it non-bipartite.")))
        if f["has_euler_circuit"]:
            out.append("All degrees are even, so it has an Euler circuit.")
        elif f["has_euler_path"]:
            out.append(pick(rng, ("Exactly two vertices, {o}, have odd degree, so an Euler path "
                                  "exists.", "With odd-degree vertices {o} it has an Euler path "
                                             "but no Euler circuit."),
                            o=join_list(f["odd_degree_nodes"])))
    return out


def _paths(rng, f: dict) -> list[str]:
    src = f["source"]
    d = {v: x for v, x in f["distances"].items() if v != src and x is not None}
    if not d:
        return []
    unit = "shortest weighted distances" if f["weighted"] else "shortest path lengths (in edges)"
    out = [pick(rng, (
        "From {s}, the {u} are {d}.", "The {u} from {s}: {d}.",
    ), s=src, u=unit, d=join_list([f"{v}: {_n(x)}" for v, x in d.items()]))]
    # "the farthest node is X" only where X is the one node at the largest distance; with a
    # tie every tied node is named, or a shortest route to one of them is given
    far, ties = f["farthest_node"], f["farthest_nodes"]
    away = (f"at distance {_n(f['eccentricity'])}" if f["weighted"] else
            f"{_n(f['eccentricity'])} edge{'s' if f['eccentricity'] != 1 else ''} away")
    out.append(pick(rng, (
        "The farthest reachable node from {s} is {v}, via {p}." if len(ties) == 1 else
        "The farthest reachable nodes from {s} are {vs}, each {a}.",
        "A shortest route from {s} to {v} is {p}, of length {x}.",
    ), s=src, v=far, vs=join_list(ties), a=away, x=_n(f["eccentricity"]),
        p=("–" if not f["directed"] else "→").join(f["shortest_paths"][far])))
    unreach = [v for v, x in f["distances"].items() if x is None]
    if unreach:
        out.append(f"{join_list(unreach)} cannot be reached from {src}.")
    return out


def _tree(rng, f: dict) -> list[str]:
    kids = {v: c for v, c in f["children"].items() if c}
    out = [pick(rng, (
        "The root is {r}; the tree has height {h} and leaves {l}.",
        "Rooted at {r}, its deepest level is {e} below the root; the leaves are {l}.",
    ), r=f["root"], h=_n(f["height"]), l=join_list(f["tree_leaves"]),
        e=f"{_n(f['height'])} edge{'s' if f['height'] != 1 else ''}")]
    out.append(pick(rng, ("Children: {k}.", "Parent to children: {k}."),
                    k="; ".join(f"{p} has {join_list(c)}" for p, c in kids.items())))
    return out


@caption_writer("graph", n_phrasings=len(OPENERS))
def caption(spec, facts: dict, rng: np.random.Generator) -> str:
    f = facts
    noun = pick(rng, _NOUNS[f["kind"]])
    if f["kind"] in ("tree", "grid", "cycle") and f["weighted"]:
        noun = "weighted " + noun
    opener = pick(rng, OPENERS, a_kind=article(noun), A_kind=article(noun).capitalize(),
                  n=_n(f["n_nodes"]), m=_n(f["n_edges"]))
    body = [pick(rng, ("The nodes are labelled {v}.", "Its vertices are {v}.",
                       "Node labels: {v}."), v=join_list(f["nodes"]))]
    e = _edges(rng, f)
    if e:
        body.append(e)
    body.append(_degrees(rng, f))
    if f["kind"] == "tree" and f.get("children"):
        body += _tree(rng, f)
    if f["kind"] == "grid":
        body.append(pick(rng, ("The nodes form {r} rows and {c} columns.",
                               "They sit on a grid of {r} rows by {c} columns."),
                         r=_n(f["grid_rows"]), c=_n(f["grid_cols"])))
    body += _structure(rng, f)
    body += _paths(rng, f)
    if f.get("mst_weight") is not None:
        body.append(pick(rng, (
            "A minimum spanning {t} uses {e} with total weight {w}.",
            "The minimum spanning {t} weighs {w}.",
        ), t="forest" if f["mst_is_forest"] else "tree", e=join_list(f["mst_edges"]),
            w=_n(f["mst_weight"])))
    rest = body[1:]
    order = rng.permutation(len(rest))
    return " ".join([opener, body[0]] + [rest[int(i)] for i in order])
