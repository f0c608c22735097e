"""Small, readable reference implementations the tests compare the fast production code with.

Each oracle restates its computation from the definition, as plainly as it can be written
(one note at a time, every pair compared), and uses only public names of `engine`.
"""
