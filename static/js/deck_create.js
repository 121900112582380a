// The new-deck form: choosing another game reloads the page in that game (its formats, its decks), the name and
// visibility typed so far kept in the address (web/forms.py DeckCreateForm; ?game= also remembers the choice).
const game = document.getElementById("id_game");
if (game) {
  game.addEventListener("change", () => {
    const params = new URLSearchParams({ game: game.value });
    const name = document.getElementById("id_name");
    if (name && name.value) params.set("name", name.value);
    window.location.assign(`${window.location.pathname}?${params}`);
  });
}
