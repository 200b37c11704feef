import { redirect } from "next/navigation";

export default function AccountAlias() {
  redirect("/cuenta");
}
