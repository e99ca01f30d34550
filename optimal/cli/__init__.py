"""The plumbing every command shares, and that only commands import: argument parsing and the game
options (`args`), one-line errors and exit codes (`run`), results folders and their files
(`outputs`), checkpoints of long runs (`checkpoint`), progress bars (`progress`) and the connection
to a Dask cluster (`backends`).
"""
