"""`python -m optimal.review`: the exact review of a played game (the logic is `optimal.play.review`)."""
