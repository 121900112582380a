// The new-deck form: the format select offers only the chosen game's formats (each option names its game), the
// game's first format selected when the game changes (web/forms.py DeckCreateForm).
const game = document.getElementById("id_game");
const format = document.querySelector("select[data-game-formats]");
if (game && format) {
  const show = (reset) => {
    let first = null;
    for (const option of format.options) {
      const mine = option.dataset.game === game.value;
      option.hidden = !mine;
      option.disabled = !mine;
      if (mine && first === null) first = option;
    }
    if (reset || format.selectedOptions[0]?.disabled) format.value = first ? first.value : "";
  };
  game.addEventListener("change", () => show(true));
  show(false);
}
