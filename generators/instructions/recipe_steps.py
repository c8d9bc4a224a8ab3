"""Recipe steps: ingredients as bullet points, then the method as numbered steps."""
from procgym import register

from . import _prose_rules  # noqa: F401  (registers the rules named in the pool)
from ._instruction_task import InstructionTask


@register
class RecipeSteps(InstructionTask):
    """Write a recipe: an exact number of ingredient bullets ('- ') and of numbered method steps
    ('1. ', ...), plus rules a recipe card needs: quantities in digits, short bullets, a word in
    every bullet, a title, short steps, questions, word lengths and a total word count. Higher
    levels add rules (3 at level 1, 8 at level 10, 12 at 20) and tighten the bounds."""

    name = "instructions/recipe_steps"
    situations = ("Write a recipe for a dish to share at {topic}.", "Write a picnic recipe for {topic}.",
                  "Write a simple recipe inspired by {topic}.")
    anchors = ("words_exact",)
    must = ("bullets_exact", "numbered_exact")
    pool = ("digits_exact", "bullet_max_words", "keyword_each_bullet", "title", "sentence_max_words",
            "bullet_initial", "short_words", "no_commas", "max_word_letters", "forbidden_words", "lowercase_all",
            "keyword_exact")
