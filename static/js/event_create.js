// The new-event form: its format and overlay lists group each game's under the game's name; choosing the game
// leaves only that game's groups to choose from (the server refuses another game's format or overlay in words).
const game = document.getElementById("id_game");

function narrow() {
  const name = game.selectedOptions[0] ? game.selectedOptions[0].textContent : "";
  for (const id of ["id_format", "id_overlay"]) {
    const select = document.getElementById(id);
    if (!select) continue;
    for (const group of select.querySelectorAll("optgroup")) {
      const own = group.label === name;
      group.hidden = !own;
      group.disabled = !own;
    }
    if (select.selectedOptions[0] && select.selectedOptions[0].parentElement.disabled) select.value = "";
  }
}

if (game) {
  game.addEventListener("change", narrow);
  narrow();
}
