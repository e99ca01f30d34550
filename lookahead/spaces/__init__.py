"""What the kernels need before they can run: their arrays, allocated once per solver
(`workspace`), and the folder where numba keeps their compiled code (`kernel_cache`).

Why a room of its own: allocation is where the memory limit (`--cache-mb`) becomes sizes, and the
kernels stay free of policy. Imports the kernels only (for their sizes and constants).
"""
