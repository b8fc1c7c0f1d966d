"""Gin Rummy web app: play the computer, keep score, read the rules."""
