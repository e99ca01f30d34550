"""`python -m optimal.pangrams [LIST]`: every set of five words with 25 different letters.

Five five-letter words whose 25 letters are all different use every letter of the alphabet but one
(FJORD GUCKS NYMPH VIBEX WALTZ leaves out Q). A word with a repeated letter can never take part, and
anagrams (words with the same letter set) are interchangeable, so the search runs over anagram
classes -- one 26-bit letter mask each -- and every class solution is then expanded into all
combinations of its anagram variants. Both counts are reported.

Two independent solvers, which `--solver both` (and the tests) require to agree:

* bitmask: the "rarest letter first" exact-cover search. Letters are ranked by how many classes
  contain them and every class is filed under its rarest letter. Level by level, the rarest letter
  not yet covered must be covered by a class filed under it (a class holding an even rarer letter
  would clash with a letter already covered) -- or, once per solution, it is the one letter left
  out. Each solution is therefore reached exactly once, along a single path, and only a few
  hundred classes are tried at each level instead of thousands. The kernel is compiled with numba
  (`lookahead.kernels.letter_cover`, cached with the engine's kernels): on the 12,972 words the
  same search takes about 1 s in pure Python and under 0.1 s compiled.
* cpsat: an OR-Tools CP-SAT model, one boolean per class, each letter covered exactly once unless
  it is the single missing letter, five classes chosen; every solution enumerated. It shares no
  code with the bitmask search beyond the class masks, which is the point: a cross-check.

Exit 0 on success, 1 when the two solvers disagree, 2 on bad input.
"""
