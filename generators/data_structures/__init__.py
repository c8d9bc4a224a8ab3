"""data_structures tasks: simulating stacks, queues, heaps, caches, disjoint sets, search trees and hash tables."""
