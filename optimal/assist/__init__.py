"""`python -m optimal.assist`: the assistant in a terminal (the game logic is `optimal.play`)."""
