// Benchmark driver for tools/peer-tdzdd/run.sh: TdZdd on the n x n vertex grid (issue 3).
//
// Not project code: a harness that calls TdZdd's own specs (PathZdd / CycleZdd, the Simpath
// frontier specs with lookahead, as its ddpaths app uses them) on a grid built here, because
// ddpaths reads graph files and numbers vertices itself. Doing it here pins the edge order to
// zlink's `--order row-major`: for each vertex (r, c) in row-major order, the edge to (r, c+1),
// then the edge to (r+1, c). TdZdd keeps edges in insertion order.
//
// usage: tdzdd_grid paths|cycles N build|count [mp]
//   build: DdStructure<2>(spec) + zddReduce(), then zddCardinality() (count of the reduced ZDD)
//   count: countPaths(spec, true), TdZdd's count-only PathCounter::countFast (no diagram kept)
//   mp:    TdZdd's OpenMP algorithms (needs a -fopenmp build; threads from OMP_NUM_THREADS)
// Prints one JSON line: {"count": "...", "seconds": s, "nodes": n} (nodes only for build).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>

#include "DdStructure.hpp"
#include "dd/PathCounter.hpp"
#include "spec/PathZdd.hpp"
#include "util/Graph.hpp"

static std::string name(int n, int r, int c) { return std::to_string(r * n + c + 1); }

template<typename Spec>
static int run(Spec& spec, bool build, bool mp, double t0) {
    std::string count;
    long long nodes = -1;
    if (build) {
        tdzdd::DdStructure<2> f(spec, mp);
        f.zddReduce();
        nodes = static_cast<long long>(f.size());
        count = f.zddCardinality();
    } else {
        count = tdzdd::countPaths(spec, true);
    }
    double secs = std::chrono::duration<double>(
            std::chrono::steady_clock::now().time_since_epoch()).count() - t0;
    std::printf("{\"count\": \"%s\", \"seconds\": %.6f", count.c_str(), secs);
    if (nodes >= 0) std::printf(", \"nodes\": %lld", nodes);
    std::printf("}\n");
    return 0;
}

int main(int argc, char** argv) {
    if (argc < 4 || argc > 5) {
        std::fprintf(stderr, "usage: %s paths|cycles N build|count [mp]\n", argv[0]);
        return 2;
    }
    std::string kind = argv[1], mode = argv[3];
    int n = std::atoi(argv[2]);
    bool mp = argc == 5 && std::string(argv[4]) == "mp";
    if ((kind != "paths" && kind != "cycles") || (mode != "build" && mode != "count") || n < 2
        || (argc == 5 && !mp)) {
        std::fprintf(stderr, "usage: %s paths|cycles N build|count [mp] (N >= 2)\n", argv[0]);
        return 2;
    }
    double t0 = std::chrono::duration<double>(
            std::chrono::steady_clock::now().time_since_epoch()).count();

    tdzdd::Graph g;
    for (int r = 0; r < n; ++r) {
        for (int c = 0; c < n; ++c) {
            if (c + 1 < n) g.addEdge(name(n, r, c), name(n, r, c + 1));
            if (r + 1 < n) g.addEdge(name(n, r, c), name(n, r + 1, c));
        }
    }
    if (kind == "paths") {
        g.setColor(name(n, 0, 0), 0);  // one colour on both corners = one terminal pair
        g.setColor(name(n, n - 1, n - 1), 0);
    }
    g.update();
    if (kind == "paths") {
        if (!g.hasColorPairs()) {
            std::fprintf(stderr, "corner terminals not paired\n");
            return 1;
        }
        tdzdd::PathZdd spec(g, true);
        return run(spec, mode == "build", mp, t0);
    }
    tdzdd::CycleZdd spec(g, true);
    return run(spec, mode == "build", mp, t0);
}
