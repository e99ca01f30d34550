"""Playing a game with help: the assistant's logic, shared by the terminal assistant and the web
page (both commands import it; it imports the model and the engines' faces, never a command)."""
