"""Solo play (issue 11): a person in the player seats, saves that never lose a story, and the story's export."""
